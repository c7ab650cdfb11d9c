import { Alert, Button } from '@mui/material';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { useRecordOr404 } from '../../framework/record/useRecordOr404';
import { GUARANTEE_MSG, NFT_EDITABLE_STATUSES } from '../../domain/guarantee';
import { L, MEMBERSHIP_NFT, MEMBERSHIP_NFT_PATH, type IssuedMembership } from './api';
import { MembershipIssueForm } from './MembershipIssueForm';
import { MembershipIssueNotFound } from './MembershipIssueShow';

/** /b2b/membership/guarantee/edit/{idx}: PATCH the issued membership (status, end and points unchanged), then its detail. */
export default function MembershipIssueEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [update] = useUpdate<IssuedMembership>();
  const { record, notFound } = useRecordOr404<IssuedMembership>(MEMBERSHIP_NFT);
  if (notFound) return <MembershipIssueNotFound />;
  if (!record) return <PageLoading />;
  const detail = `${MEMBERSHIP_NFT_PATH}/${record.id}`;
  const editable = (NFT_EDITABLE_STATUSES as readonly number[]).includes(record.nftStatus);
  return (
    <PageShell titleKey={`${L}.form.editTitle`} maxWidth={960}>
      {!editable ? (
        <>
          <Alert severity="warning" role="alert">{GUARANTEE_MSG.notEditable}</Alert>
          <Button component={RouterLink} to={detail} sx={{ mt: 2 }}>{translate(`${L}.show.back`)}</Button>
        </>
      ) : (
        <MembershipIssueForm
          record={record}
          cancelTo={detail}
          submitLabel={translate(`${L}.form.save`)}
          save={async (body) => {
            await update(MEMBERSHIP_NFT, { id: record.id, data: body, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
            notify(`${L}.form.saved`, { type: 'success' });
            navigate(detail);
          }}
        />
      )}
    </PageShell>
  );
}
