import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { PageShell } from '../../framework/ui';
import { apiRequest } from '../../providers/http';
import { L, MEMBERSHIP_NFT, MEMBERSHIP_NFT_API, MEMBERSHIP_NFT_PATH, type IssuedMembership } from './api';
import { MembershipIssueForm } from './MembershipIssueForm';

/** /b2b/membership/guarantee/register: POST the membership issue, then its detail with a toast. */
export default function MembershipIssueCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <PageShell titleKey={`${L}.form.registerTitle`} maxWidth={960}>
      <MembershipIssueForm
        cancelTo={MEMBERSHIP_NFT_PATH}
        submitLabel={translate(`${L}.form.submit`)}
        save={async (body) => {
          const created = await apiRequest<IssuedMembership>(MEMBERSHIP_NFT_API, { method: 'POST', body });
          await queryClient.invalidateQueries({ queryKey: [MEMBERSHIP_NFT] });
          notify(`${L}.form.issued`, { type: 'success' });
          navigate(`${MEMBERSHIP_NFT_PATH}/${created.idx}`);
        }}
      />
    </PageShell>
  );
}
