import { Alert, Button } from '@mui/material';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { usePartnership } from '../../authProvider/usePartnership';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { GUARANTEE_MSG, NFT_EDITABLE_STATUSES } from '../../domain/guarantee';
import { GUARANTEE_RESOURCE, guaranteePath, type Guarantee } from './api';
import { GuaranteeNotFoundDialog, useGuaranteeRecord } from './common';
import { GuaranteeForm } from './GuaranteeForm';

/**
 * /b2b/guarantee/edit/{idx}: PATCH /v1/admin/nft/{idx}, then the detail with a toast. Cancelled,
 * deleted or transferring certificates cannot be edited (the server answers 409 with the same message).
 */
export default function GuaranteeEdit() {
  const translate = useTranslate();
  const { partnership } = usePartnership();
  const { record, isPending, notFound } = useGuaranteeRecord();
  const [update] = useUpdate<Guarantee>();
  const notify = useNotify();
  const navigate = useNavigate();
  if (notFound) return <GuaranteeNotFoundDialog />;
  if (!partnership || isPending || !record) return <PageLoading />;
  const editable = (NFT_EDITABLE_STATUSES as readonly number[]).includes(record.nftStatus);
  return (
    <PageShell title={translate('guarantee.form.editTitle', { number: record.nftNumber })} maxWidth={960}>
      {!editable ? (
        <>
          <Alert severity="warning" role="alert">
            {GUARANTEE_MSG.notEditable}
          </Alert>
          <Button component={RouterLink} to={guaranteePath(record.id)} sx={{ mt: 2 }}>
            {translate('guarantee.show.back')}
          </Button>
        </>
      ) : (
        <GuaranteeForm
          key={record.id}
          partnership={partnership}
          guarantee={record}
          issueOptions={false}
          cancelTo={guaranteePath(record.id)}
          save={async (body) => {
            // react-admin writes the answer where the detail page reads it (the plain getOne key).
            await update(GUARANTEE_RESOURCE, { id: record.id, data: body, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
            notify('guarantee.form.saved', { type: 'success' });
            navigate(guaranteePath(record.id));
          }}
        />
      )}
    </PageShell>
  );
}
