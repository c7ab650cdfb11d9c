import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useGetOne, useNotify, useTranslate, useUpdate, type HttpError } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { PageShell } from '../../custom/ui';
import { PageLoading } from '../../custom/PageStates';
import { emitAppEvent } from '../../custom/events';
import { STORE_PATH, STORE_RESOURCE, type Store } from './api';
import { StoreForm } from './StoreInputs';

const RECORD_META = { silent: true } as const;

/** '존재하지 않는 매장이에요' with 확인, which goes to the list. */
function StoreNotFoundDialog() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const close = () => navigate(STORE_PATH, { replace: true });
  return (
    <Dialog open aria-describedby="store-not-found" maxWidth="xs" fullWidth onClose={close}>
      <DialogContent>
        <DialogContentText id="store-not-found" sx={{ color: 'text.primary', fontWeight: 600 }}>
          {translate('store.notFound')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" disableElevation autoFocus onClick={close}>
          {translate('app.common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /b2b/store/edit/{idx}: the store read from GET /v1/admin/store/list (the API has no GET of one;
 * the dataProvider's `oneFromList`), saved with PATCH /v1/admin/store (idx in the body), then the list.
 * Another tenant's idx or a deleted store opens the not-found dialog.
 */
export default function StoreEdit() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id) && Number(id) > 0;
  const query = useGetOne<Store>(STORE_RESOURCE, { id, meta: RECORD_META }, { retry: false, enabled: validId, refetchOnWindowFocus: false });
  const status = (query.error as HttpError | null)?.status;
  const notFound = !validId || status === 404;
  const [reported, setReported] = useState(false);
  useEffect(() => {
    if (query.error && !notFound && !reported && status !== 401 && status !== 403) {
      setReported(true);
      emitAppEvent({ type: 'error' });
    }
  }, [query.error, notFound, reported, status]);
  const [update] = useUpdate<Store>();
  const notify = useNotify();
  const navigate = useNavigate();
  if (notFound) return <StoreNotFoundDialog />;
  const record = query.data;
  if (!record) return <PageLoading />;
  return (
    <PageShell titleKey="store.edit" maxWidth={640}>
      <StoreForm
        key={record.id}
        store={record}
        cancelTo={STORE_PATH}
        save={async (body) => {
          await update(STORE_RESOURCE, { id: record.id, data: body, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
          notify('store.saved', { type: 'success' });
          navigate(STORE_PATH);
        }}
      />
    </PageShell>
  );
}
