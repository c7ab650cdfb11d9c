import { ResourceCreate, ResourceEdit, type ResourcePageFormProps, type ResourcePageOptions } from '../../framework/resource/ResourcePages';
import { ResourceForm } from '../../framework/resource/ResourceForm';
import { couponResource } from '../../domain/resources/coupon';
import { ProductImageInput } from '../product/ProductImageInput';
import { MembershipInput, StoresInput } from './CouponInputs';

/** The coupon form: the generic form of its definition with the membership and store pickers and the image upload. */
function CouponForm({ record, save, cancelTo }: ResourcePageFormProps) {
  const saved = (record?.image as { path: string; url: string } | null | undefined) ?? null;
  return (
    <ResourceForm
      def={couponResource}
      record={record}
      save={save}
      cancelTo={cancelTo}
      defaults={{ expireType: 1, usePlace: 1 }}
      inputs={{ membershipIdx: <MembershipInput />, storeIdxList: <StoresInput />, image: <ProductImageInput source="image" saved={saved} label="coupon.fields.image" /> }}
    />
  );
}

const OPTIONS: ResourcePageOptions = { afterSave: 'show', maxWidth: 720, Form: CouponForm };

/** /b2b/coupon/new: POST /v1/admin/coupon, then the coupon's detail. */
export const CouponCreate = () => <ResourceCreate def={couponResource} options={OPTIONS} />;

/** /b2b/coupon/edit/{idx}: PATCH /v1/admin/coupon/{idx}, then the detail. */
export const CouponEdit = () => <ResourceEdit def={couponResource} options={OPTIONS} />;
