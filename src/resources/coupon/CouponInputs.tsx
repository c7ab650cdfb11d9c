import { SelectArrayInput, SelectInput, useGetList, useTranslate } from 'react-admin';
import { fieldLabel } from '../../domain/resource';
import { couponResource } from '../../domain/resources/coupon';
import { membershipTemplateResource } from '../../domain/resources/membershipTemplate';

const ALL = { pagination: { page: 1, perPage: 500 } } as const;
const SELECT_SX = { mt: 0, mb: 0 } as const;

/** The membership a coupon belongs to (required): the tenant's membership templates. */
export function MembershipInput() {
  const { data, isPending } = useGetList<{ id: number; nftCardName: string }>(membershipTemplateResource.name, ALL);
  const choices = (data ?? []).map((m) => ({ id: m.id, name: m.nftCardName }));
  return (
    <SelectInput source="membershipIdx" label={fieldLabel(couponResource, 'membershipIdx')} choices={choices} isPending={isPending}
      isRequired emptyText="ra.action.select" helperText={false} fullWidth sx={SELECT_SX} />
  );
}

/** The stores of an offline-at-specific-stores coupon (required then): the tenant's stores, several at once. */
export function StoresInput() {
  const translate = useTranslate();
  const { data, isPending } = useGetList<{ id: number; name: string }>('store', ALL);
  const choices = (data ?? []).map((s) => ({ id: s.id, name: s.name }));
  return (
    <SelectArrayInput source="storeIdxList" label={fieldLabel(couponResource, 'storeIdxList')} choices={choices} isPending={isPending}
      helperText={!isPending && choices.length === 0 ? translate('coupon.noStores') : false} fullWidth sx={SELECT_SX} />
  );
}
