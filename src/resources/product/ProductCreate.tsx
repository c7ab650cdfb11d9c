import { useCreate, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePartnership } from '../../authProvider/usePartnership';
import { PageShell } from '../../custom/ui';
import { PageLoading } from '../../custom/PageStates';
import { PRODUCT_PATH, PRODUCT_RESOURCE, productPath, type Product } from './api';
import { ProductForm } from './ProductInputs';
import type { ProductImageInputProps } from './ProductImageInput';

/** /b2b/product/register: POST /v1/admin/partners-product, then the detail page with a toast. */
export default function ProductCreate({ image }: { image?: Pick<ProductImageInputProps, 'upload' | 'remove'> } = {}) {
  const { partnership } = usePartnership();
  const [create] = useCreate<Product>();
  const notify = useNotify();
  const navigate = useNavigate();
  if (!partnership) return <PageLoading />;
  return (
    <PageShell titleKey="app.product.register" maxWidth={960}>
      <ProductForm
        partnership={partnership}
        cancelTo={PRODUCT_PATH}
        image={image}
        save={async (body) => {
          const created = await create(PRODUCT_RESOURCE, { data: body }, { returnPromise: true });
          notify('app.product.created', { type: 'success' });
          navigate(productPath((created as Product).id));
        }}
      />
    </PageShell>
  );
}
