import { useCreate, useNotify, useUpdate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { NotFoundDialog, useRecordOr404 } from '../../framework/record/useRecordOr404';
import { MEMBERSHIP_MSG } from '../../domain/membership';
import { MembershipTemplateForm } from './MembershipTemplateForm';
import { MEMBERSHIP, MEMBERSHIP_ROUTE, type MembershipTemplate } from './api';

/** /b2b/membership/setting/register: POST /v1/admin/membership-template, then its detail with a toast. */
export function MembershipTemplateCreate() {
  const [create] = useCreate();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <PageShell titleKey={`${MEMBERSHIP}.register`} maxWidth={960}>
      <MembershipTemplateForm
        cancelTo={MEMBERSHIP_ROUTE}
        save={async (data) => {
          const created = (await create(MEMBERSHIP, { data }, { returnPromise: true })) as RaRecord;
          notify(`${MEMBERSHIP}.created`, { type: 'success' });
          navigate(`${MEMBERSHIP_ROUTE}/${created.id}`);
        }}
      />
    </PageShell>
  );
}

/** The not-found dialog of a membership page ('존재하지 않는 멤버십이에요'), whose 확인 opens the list. */
export function MembershipNotFound() {
  const navigate = useNavigate();
  return <NotFoundDialog message={MEMBERSHIP_MSG.notFound} onClose={() => navigate(MEMBERSHIP_ROUTE, { replace: true })} />;
}

/** /b2b/membership/setting/edit/{idx}: PATCH the whole form, then the detail with a toast. */
export function MembershipTemplateEdit() {
  const { record, notFound } = useRecordOr404<MembershipTemplate>(MEMBERSHIP);
  const [update] = useUpdate();
  const notify = useNotify();
  const navigate = useNavigate();
  if (notFound) return <MembershipNotFound />;
  if (!record) return <PageLoading />;
  return (
    <PageShell titleKey={`${MEMBERSHIP}.edit`} maxWidth={960}>
      <MembershipTemplateForm
        key={record.id}
        record={record}
        cancelTo={`${MEMBERSHIP_ROUTE}/${record.id}`}
        save={async (data) => {
          await update(MEMBERSHIP, { id: record.id, data, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
          notify(`${MEMBERSHIP}.saved`, { type: 'success' });
          navigate(`${MEMBERSHIP_ROUTE}/${record.id}`);
        }}
      />
    </PageShell>
  );
}
