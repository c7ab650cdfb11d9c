import { alpha, Box } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { LinkBase } from 'react-admin';
import { toAccessContext, type Partnership } from '../domain/identity';
import { checkAccess } from '../domain/access';
import { PAYMENT_RULE } from '../domain/menu';
import { PAYMENT_PATH } from './shellConfig';
import { subscriptionBannerFor } from './subscriptionBanner';
import { currentTime } from './currentTime';

/**
 * The trial or subscription banner of the header. It leads to the payment page for those who may
 * open it; a sub-account (refused there by PAYMENT_RULE, on the server too) only reads it.
 */
export function SubscriptionBannerLink({ partnership }: { partnership: Partnership }) {
  const banner = subscriptionBannerFor(partnership);
  if (!banner) return null;
  const ended = banner.tone === 'ended';
  const canPay = checkAccess(toAccessContext(partnership), PAYMENT_RULE, currentTime()) === null;
  return (
    <Box
      {...(canPay ? { component: LinkBase, to: PAYMENT_PATH } : { component: 'span', role: 'status' })}
      data-testid="subscription-banner"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        minWidth: 0,
        px: 1.5,
        py: 0.75,
        borderRadius: 5,
        fontSize: 13,
        fontWeight: 500,
        textDecoration: 'none',
        color: ended ? 'error.dark' : 'primary.dark',
        bgcolor: (theme) => alpha(ended ? theme.palette.error.main : theme.palette.primary.main, 0.08),
        ...(canPay ? { '&:hover': { textDecoration: 'underline' } } : {}),
      }}
    >
      <InfoOutlined sx={{ fontSize: 16, flexShrink: 0 }} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {banner.text}
      </Box>
    </Box>
  );
}
