import { useEffect, useId, useState } from 'react';
import { Dialog, DialogContent, DialogContentText } from '@mui/material';
import { useGetOne, type HttpError, type Identifier, type RaRecord } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { emitAppEvent } from '../events';
import { PAGE_PRESENTS_ERRORS } from '../queryClient';
import { DialogOkActions } from '../ui';

/**
 * react-admin's getOne cache key of a record: the plain one, shared by the detail and edit pages and
 * written by react-admin's own mutations (useUpdate), so a saved record needs no cache write of ours.
 */
export const recordQueryKey = (resource: string, id: Identifier) => [resource, 'getOne', { id: String(id) }];

export interface RecordOr404Options {
  /** react-query staleTime of the read (e.g. 0: always current when the page opens). */
  staleTime?: number;
  /**
   * Whether the generic error dialog shows the server's title and message (4xx message only);
   * false: always the dialog's generic texts.
   */
  serverText?: boolean;
}

/**
 * The record of the route's `:id`, with the plain getOne key. The page presents the read's failures
 * (PAGE_PRESENTS_ERRORS, so the query cache does not): a 404 (or an id that cannot be one) is
 * `notFound`, shown by the page as <NotFoundDialog>; other failures (but 401/403, which the shell
 * handles) open the generic error dialog once.
 */
export function useRecordOr404<T extends RaRecord>(resource: string, { staleTime, serverText = true }: RecordOr404Options = {}) {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id) && Number(id) > 0;
  const query = useGetOne<T>(
    resource,
    { id },
    { retry: false, enabled: validId, refetchOnWindowFocus: false, meta: PAGE_PRESENTS_ERRORS, ...(staleTime === undefined ? {} : { staleTime }) },
  );
  const status = (query.error as HttpError | null)?.status;
  const notFound = !validId || status === 404;
  const [reported, setReported] = useState(false);
  useEffect(() => {
    if (query.error && !notFound && !reported && status !== 401 && status !== 403) {
      setReported(true);
      const err = query.error as HttpError & { body?: { title?: string; message?: string } };
      emitAppEvent(serverText ? { type: 'error', title: err.body?.title, message: status && status < 500 ? err.message : undefined } : { type: 'error' });
    }
  }, [query.error, notFound, reported, status, serverText]);
  return { id, record: query.data, isPending: validId && query.isPending, notFound, error: query.error, refetch: query.refetch };
}

/** Back in history when the app has a previous entry, else `fallback` (replacing the current entry). */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}

/** '존재하지 않는 …' (`message`) with 확인, which calls `onClose` (also on Escape/backdrop). */
export function NotFoundDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const textId = useId();
  return (
    <Dialog open aria-describedby={textId} maxWidth="xs" fullWidth onClose={onClose}>
      <DialogContent>
        <DialogContentText id={textId} sx={{ color: 'text.primary', fontWeight: 600 }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogOkActions onClose={onClose} />
    </Dialog>
  );
}
