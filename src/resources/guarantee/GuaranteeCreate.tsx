import { useCreate, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePartnership } from '../../authProvider/usePartnership';
import { PageShell } from '../../custom/ui';
import { PageLoading } from '../../custom/PageStates';
import { GUARANTEE_PATH, GUARANTEE_RESOURCE, guaranteePath, type Guarantee } from './api';
import { useRememberGuarantee } from './common';
import { GuaranteeForm } from './GuaranteeInputs';

/**
 * POST /v1/admin/nft, then the detail with a toast. A refused issue (403 TRIAL_FINISHED,
 * SUBSCRIPTION_REQUIRED, PLAN_UPGRADE_REQUIRED) opens the subscription modal through the dataProvider.
 */
export function GuaranteeRegister({ offline = false }: { offline?: boolean }) {
  const { partnership } = usePartnership();
  const [create] = useCreate<Guarantee>();
  const remember = useRememberGuarantee();
  const notify = useNotify();
  const navigate = useNavigate();
  if (!partnership) return <PageLoading />;
  return (
    <PageShell titleKey={offline ? 'guarantee.form.offlineTitle' : 'guarantee.form.createTitle'} maxWidth={960}>
      <GuaranteeForm
        partnership={partnership}
        cancelTo={`${GUARANTEE_PATH}/publish`}
        offline={offline}
        save={async (body) => {
          const created = (await create(GUARANTEE_RESOURCE, { data: { ...body, requestRoute: 'product' } }, { returnPromise: true })) as Guarantee;
          remember(created.id, created);
          notify(body.temporary ? 'guarantee.form.savedTemporary' : body.reservationDays ? 'guarantee.form.reserved' : 'guarantee.form.created', { type: 'success' });
          navigate(guaranteePath(created.id));
        }}
      />
    </PageShell>
  );
}

/** /b2b/guarantee/register: one certificate. */
export default function GuaranteeCreate() {
  return <GuaranteeRegister />;
}
