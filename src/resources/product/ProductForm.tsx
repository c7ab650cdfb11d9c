import { useMemo } from 'react';
import { SelectInput, useTranslate } from 'react-admin';
import { fieldLabel } from '../../domain/resource';
import { productResource } from '../../domain/resources/product';
import type { Partnership } from '../../domain/identity';
import { ResourceForm } from '../../framework/resource/ResourceForm';
import type { ResourcePageFormProps } from '../../framework/resource/ResourcePages';
import { PageLoading } from '../../framework/PageStates';
import { usePartnership } from '../../authProvider/usePartnership';
import { useBrandList, type Product } from './api';
import { ProductImageInput } from './ProductImageInput';

/** Cooperator (multi-brand) accounts must pick a brand; brand-type accounts are fixed to their own. */
const requiresBrand = (p: Partnership | undefined) => p?.b2bType === 'cooperator';

/** The brand select: the tenant's brands (and the account's own), required and open for cooperators, fixed for brand accounts. */
function BrandInput({ partnership }: { partnership: Partnership | undefined }) {
  const translate = useTranslate();
  const cooperator = requiresBrand(partnership);
  const brands = useBrandList(Boolean(partnership));
  const choices = useMemo(() => {
    const list = brands.data ?? [];
    const own = partnership?.brand;
    const all = own && !list.some((b) => b.idx === own.idx) ? [...list, { idx: own.idx, name: own.name }] : list;
    return all.map((b) => ({ id: b.idx, name: b.name }));
  }, [brands.data, partnership?.brand]);
  return (
    <SelectInput
      source="brandIdx"
      label={fieldLabel(productResource, 'brandIdx')}
      choices={choices}
      isRequired={cooperator}
      readOnly={!cooperator}
      emptyText={cooperator ? 'ra.action.select' : undefined}
      helperText={false}
      title={cooperator ? undefined : translate('product.brandFixed')}
      isPending={brands.isPending && Boolean(partnership)}
      fullWidth
      sx={{ mt: 0, mb: 0 }}
    />
  );
}

/**
 * The register/edit form of a product: the generic form of its definition (spec 2 sections 3 and 5),
 * with the brand select and the image upload as its own inputs, and the brand rule's context for the
 * signed-in account. After its saved image is detached the page reads the product again (`refetch`).
 */
export function ProductForm({ record, save, cancelTo, refetch }: ResourcePageFormProps) {
  const { partnership } = usePartnership();
  const context = useMemo(() => ({ requireBrand: requiresBrand(partnership) }), [partnership]);
  if (!partnership) return <PageLoading />;
  const product = record as Product | undefined;
  const defaults = { brandIdx: requiresBrand(partnership) ? null : (partnership.brand?.idx ?? null) };
  return (
    <ResourceForm
      def={productResource}
      record={product}
      defaults={defaults}
      context={context}
      save={save}
      cancelTo={cancelTo}
      inputs={{
        brandIdx: <BrandInput partnership={partnership} />,
        productImage: <ProductImageInput recordId={product?.id} saved={product?.productImage ?? null} onSavedImageRemoved={refetch} />,
      }}
    />
  );
}
