import { useNotify, useUpdate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePartnership } from '../../authProvider/usePartnership';
import { PageShell } from '../../custom/ui';
import { PageLoading } from '../../custom/PageStates';
import { PRODUCT_RESOURCE, productPath, type Product } from './api';
import { ProductNotFoundDialog, useProductRecord, useRememberProduct } from './common';
import { ProductForm } from './ProductInputs';
import type { ProductImageInputProps } from './ProductImageInput';

/** /b2b/product/edit/{idx}: PATCH /v1/admin/partners-product/{idx}, then the detail page with a toast. */
export default function ProductEdit({ image }: { image?: Pick<ProductImageInputProps, 'upload' | 'remove'> } = {}) {
  const { partnership } = usePartnership();
  const { record, isPending, notFound } = useProductRecord();
  const [update] = useUpdate<Product>();
  const remember = useRememberProduct();
  const notify = useNotify();
  const navigate = useNavigate();
  if (notFound) return <ProductNotFoundDialog />;
  if (!partnership || isPending || !record) return <PageLoading />;
  return (
    <PageShell titleKey="app.product.edit" maxWidth={960}>
      <ProductForm
        key={record.id}
        partnership={partnership}
        product={record}
        cancelTo={productPath(record.id)}
        image={image}
        save={async (body) => {
          const saved = await update(PRODUCT_RESOURCE, { id: record.id, data: body, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
          remember(record.id, (saved as Product | undefined) ?? null);
          notify('app.product.saved', { type: 'success' });
          navigate(productPath(record.id));
        }}
      />
    </PageShell>
  );
}
