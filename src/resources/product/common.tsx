import { PRODUCT_MSG } from '../../domain/product';
import { NotFoundDialog, useGoBack, useRecordOr404 } from '../../framework/record/useRecordOr404';
import { PRODUCT_PATH, PRODUCT_RESOURCE, type Product } from './api';

/** '존재하지 않는 상품이에요' (spec 2 section 8) with 확인, which goes back. */
export function ProductNotFoundDialog() {
  const goBack = useGoBack(PRODUCT_PATH);
  return <NotFoundDialog message={PRODUCT_MSG.notFound} onClose={goBack} />;
}

/**
 * The product of the route's `:id`. A 404 (or an id that cannot be one) is `notFound`, shown by the
 * page as the not-found dialog; other failures open the generic error dialog once.
 */
export const useProductRecord = () => useRecordOr404<Product>(PRODUCT_RESOURCE);
