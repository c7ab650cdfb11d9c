import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePartnership } from '../../authProvider/usePartnership';
import { AccessDenialModal } from '../../framework/AccessDenialModal';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { presentError } from '../../dataProvider/errors';
import { homePathFor } from '../../domain/menu';
import { issueGate } from '../../domain/plans';
import { apiRequest } from '../../providers/http';
import { GUARANTEE_PATH, NFT_API, guaranteePath, type Guarantee } from './api';
import { GuaranteeForm } from './GuaranteeForm';

/** One key per opened form: a retry after a lost answer returns the certificate already issued instead of issuing twice. */
function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  // randomUUID exists only in secure contexts (https, localhost).
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * POST /v1/admin/nft with an Idempotency-Key, then the detail with a toast. A refused issue (403
 * TRIAL_FINISHED, SUBSCRIPTION_REQUIRED, PLAN_UPGRADE_REQUIRED) opens the subscription modal, like
 * every dataProvider call (presentError); field errors land on the fields.
 */
export function GuaranteeRegister({ offline = false }: { offline?: boolean }) {
  const { partnership } = usePartnership();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const notify = useNotify();
  const navigate = useNavigate();
  if (!partnership) return <PageLoading />;
  // Refused at the route (spec 1 section 6): a finished trial or a non-subscriber opening the form
  // by URL meets the modal at once, not after filling a form the server will refuse. The state is the server's (issue 23 item 11).
  const gate = issueGate(partnership.subscriptionState);
  if (gate !== 'ok') {
    return (
      <AccessDenialModal
        view={gate === 'TRIAL_FINISHED' ? 'trialFinishedModal' : 'noSubscriptionModal'}
        onClose={() => navigate(homePathFor(partnership), { replace: true })}
      />
    );
  }
  return (
    <PageShell titleKey={offline ? 'guarantee.form.offlineTitle' : 'guarantee.form.createTitle'} maxWidth={960}>
      <GuaranteeForm
        partnership={partnership}
        cancelTo={`${GUARANTEE_PATH}/publish`}
        offline={offline}
        save={async (body) => {
          let created: Guarantee;
          try {
            created = await apiRequest<Guarantee>(NFT_API, { method: 'POST', body: { ...body, requestRoute: 'product' }, headers: { 'Idempotency-Key': idempotencyKey } });
          } catch (err) {
            presentError(err);
            throw err;
          }
          const id = created.id ?? created.idx;
          notify(body.temporary ? 'guarantee.form.savedTemporary' : body.reservationDays ? 'guarantee.form.reserved' : 'guarantee.form.created', { type: 'success' });
          navigate(guaranteePath(id));
        }}
      />
    </PageShell>
  );
}

/** /b2b/guarantee/register: one certificate. */
export default function GuaranteeCreate() {
  return <GuaranteeRegister />;
}
