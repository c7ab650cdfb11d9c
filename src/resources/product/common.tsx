import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useGetOne, useTranslate, type HttpError, type Identifier } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { PRODUCT_MSG } from '../../domain/product';
import { emitAppEvent } from '../../custom/events';
import { PRODUCT_PATH, PRODUCT_RESOURCE, type Product } from './api';

const RECORD_META = { silent: true } as const;

/** react-admin's getOne cache key of the product pages (their getOne carries meta, so useUpdate's own cache write misses it). */
export const productQueryKey = (id: Identifier) => [PRODUCT_RESOURCE, 'getOne', { id: String(id), meta: RECORD_META }];

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

/** Back in history when the app has a previous entry, else the list. */
export function useGoBack(fallback = PRODUCT_PATH) {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}

/** '존재하지 않는 상품이에요' (spec 2 section 8) with 확인, which goes back. */
export function ProductNotFoundDialog() {
  const translate = useTranslate();
  const goBack = useGoBack();
  return (
    <Dialog open aria-describedby="product-not-found" maxWidth="xs" fullWidth onClose={goBack}>
      <DialogContent>
        <DialogContentText id="product-not-found" sx={{ color: 'text.primary', fontWeight: 600 }}>
          {PRODUCT_MSG.notFound}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" disableElevation autoFocus onClick={goBack}>
          {translate('app.common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The product of the route's `:id`. A 404 (or an id that cannot be one) is `notFound`, shown by the
 * page as the not-found dialog; other failures open the generic error dialog once.
 */
export function useProductRecord() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id) && Number(id) > 0;
  const query = useGetOne<Product>(PRODUCT_RESOURCE, { id, meta: RECORD_META }, { retry: false, enabled: validId, refetchOnWindowFocus: false });
  const status = (query.error as HttpError | null)?.status;
  const notFound = !validId || status === 404;
  const [reported, setReported] = useState(false);
  useEffect(() => {
    if (query.error && !notFound && !reported) {
      setReported(true);
      const err = query.error as HttpError & { body?: { title?: string; message?: string } };
      if (status !== 401 && status !== 403) emitAppEvent({ type: 'error', title: err.body?.title, message: status && status < 500 ? err.message : undefined });
    }
  }, [query.error, notFound, reported, status]);
  return { id, record: query.data, isPending: validId && query.isPending, notFound, error: query.error, refetch: query.refetch };
}
