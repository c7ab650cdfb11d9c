import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { checkAccess } from '../../domain/access';
import { toAccessContext } from '../../domain/identity';
import { STAMP_RULE } from '../../domain/stamp';
import { usePartnership } from '../../authProvider/usePartnership';
import { clock } from '../../providers/session';
import { apiRequest } from '../../providers/http';
import { Section } from '../../framework/ui';
import { StampCardPreview } from './StampCardPreview';

interface CustomerCard { count: number; goal: number; cardNo: number; rewardCouponTitle: string | null }

/**
 * The customer's current stamp card on the customer detail (GET /v1/admin/stamps/{idx}): shown only
 * to those the stamp rule admits (the main account, MEMBERSHIP, not STANDARD), and only once a card
 * is set up, so a sub-account's detail never asks for it.
 */
export function CustomerStampCard({ customerIdx }: { customerIdx: number | string }) {
  const translate = useTranslate();
  const { partnership } = usePartnership();
  const allowed = Boolean(partnership) && checkAccess(toAccessContext(partnership!), STAMP_RULE, new Date(clock.now())) === null;
  const card = useQuery({
    queryKey: ['stamp', 'customer', String(customerIdx)],
    queryFn: ({ signal }) => apiRequest<CustomerCard | null>(`/v1/admin/stamps/${customerIdx}`, { signal }),
    enabled: allowed,
    retry: false,
  });
  if (!allowed || !card.data) return null;
  return (
    <Section title={translate('stamp.customerCard')} id="customer-stamps">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('stamp.customerCardValue', { cardNo: card.data.cardNo, count: card.data.count, goal: card.data.goal })}
      </Typography>
      <StampCardPreview goal={card.data.goal} count={card.data.count} couponTitle={card.data.rewardCouponTitle} label={translate('stamp.customerCardAria')} />
    </Section>
  );
}
