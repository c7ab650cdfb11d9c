import { useCreate, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PageShell } from '../../custom/ui';
import { STORE_PATH, STORE_RESOURCE, type Store } from './api';
import { StoreForm } from './StoreInputs';

/** /b2b/store/register: POST /v1/admin/store, then the list with a toast. */
export default function StoreCreate() {
  const [create] = useCreate<Store>();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <PageShell titleKey="store.register" maxWidth={640}>
      <StoreForm
        cancelTo={STORE_PATH}
        save={async (body) => {
          await create(STORE_RESOURCE, { data: body }, { returnPromise: true });
          notify('store.created', { type: 'success' });
          navigate(STORE_PATH);
        }}
      />
    </PageShell>
  );
}
