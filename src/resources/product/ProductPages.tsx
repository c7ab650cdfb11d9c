import { ResourceCreate, ResourceEdit, type ResourcePageOptions } from '../../framework/resource/ResourcePages';
import { productResource } from '../../domain/resources/product';
import { ProductNotFoundDialog } from './common';
import { ProductForm } from './ProductForm';

/**
 * Products' register and edit pages (spec 2 sections 3, 5 and 8) are the generic ones with products'
 * form (brand select, image upload), the detail after saving, and the not-found dialog that goes back.
 */
const PRODUCT_PAGE_OPTIONS: ResourcePageOptions = {
  afterSave: 'show',
  maxWidth: 960,
  Form: ProductForm,
  NotFound: ProductNotFoundDialog,
  read: { serverText: true },
};

/** /b2b/product/register: POST /v1/admin/partners-product, then the detail page with a toast. */
export const ProductCreate = () => <ResourceCreate def={productResource} options={PRODUCT_PAGE_OPTIONS} />;

/** /b2b/product/edit/{idx}: PATCH /v1/admin/partners-product/{idx}, then the detail page with a toast. */
export const ProductEdit = () => <ResourceEdit def={productResource} options={PRODUCT_PAGE_OPTIONS} />;
