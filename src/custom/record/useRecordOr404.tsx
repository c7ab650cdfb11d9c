import { useEffect, useId, useState } from 'react';
import { Dialog, DialogContent, DialogContentText } from '@mui/material';
import { useGetOne, type HttpError, type Identifier, type RaRecord } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { emitAppEvent } from '../events';
import { DialogOkActions } from '../ui';

/**
 * The meta of a detail/edit page's getOne: `silent` keeps the dataProvider from presenting the
 * failure itself (the page shows a 404 as its not-found dialog, see useRecordOr404).
 */
export const RECORD_META = { silent: true } as const;

/** react-admin's getOne cache key of a record read by useRecordOr404 (its getOne carries meta). */
export const recordQueryKey = (resource: string, id: Identifier) => [resource, 'getOne', { id: String(id), meta: RECORD_META }];

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
 * The record of the route's `:id`, read with meta.silent. A 404 (or an id that cannot be one) is
 * `notFound`, shown by the page as <NotFoundDialog>; other failures (but 401/403, which the shell
 * handles) open the generic error dialog once.
 */
export function useRecordOr404<T extends RaRecord>(resource: string, { staleTime, serverText = true }: RecordOr404Options = {}) {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id) && Number(id) > 0;
  const query = useGetOne<T>(
    resource,
    { id, meta: RECORD_META },
    { retry: false, enabled: validId, refetchOnWindowFocus: false, ...(staleTime === undefined ? {} : { staleTime }) },
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
