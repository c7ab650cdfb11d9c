import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type Identifier } from 'react-admin';
import { PRODUCT_MSG } from '../../domain/product';
import { NotFoundDialog, recordQueryKey, useGoBack, useRecordOr404 } from '../../custom/record/useRecordOr404';
import { PRODUCT_PATH, PRODUCT_RESOURCE, type Product } from './api';

/** react-admin's getOne cache key of the product pages (their getOne carries meta, so useUpdate's own cache write misses it). */
export const productQueryKey = (id: Identifier) => recordQueryKey(PRODUCT_RESOURCE, id);

/** Puts a saved product (the PATCH or image-removal answer) where the detail and edit pages read it, or drops it when deleted. */
export function useRememberProduct() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: Identifier, product: Product | null) => {
      if (product) queryClient.setQueryData(productQueryKey(id), { ...product, id: product.id ?? product.idx ?? id });
      else queryClient.removeQueries({ queryKey: productQueryKey(id) });
    },
    [queryClient],
  );
}

/**
 * After the saved image was detached while the edit form is open: the cached product is marked stale
 * for the next page that reads it, without refetching (a new record would reset the form's edits).
 */
export function useForgetProduct() {
  const queryClient = useQueryClient();
  return useCallback((id: Identifier) => void queryClient.invalidateQueries({ queryKey: productQueryKey(id), refetchType: 'none' }), [queryClient]);
}

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
