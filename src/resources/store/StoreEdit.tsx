import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PageShell } from '../../custom/ui';
import { PageLoading } from '../../custom/PageStates';
import { NotFoundDialog, useRecordOr404 } from '../../custom/record/useRecordOr404';
import { STORE_PATH, STORE_RESOURCE, type Store } from './api';
import { StoreForm } from './StoreInputs';

/**
 * /b2b/store/edit/{idx}: the store read from GET /v1/admin/store/list (the API has no GET of one;
 * the dataProvider's `oneFromList`), saved with PATCH /v1/admin/store (idx in the body), then the list.
 * Another tenant's idx or a deleted store opens the not-found dialog.
 */
export default function StoreEdit() {
  const { record, notFound } = useRecordOr404<Store>(STORE_RESOURCE, { serverText: false });
  const [update] = useUpdate<Store>();
  const notify = useNotify();
  const navigate = useNavigate();
  const translate = useTranslate();
  if (notFound) return <NotFoundDialog message={translate('store.notFound')} onClose={() => navigate(STORE_PATH, { replace: true })} />;
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
