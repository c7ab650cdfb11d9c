import { alpha, Box } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { LinkBase } from 'react-admin';
import type { Partnership } from '../domain/identity';
import { PAYMENT_PATH } from './shellConfig';
import { subscriptionBannerFor } from './subscriptionBanner';
import { currentTime } from './currentTime';

/** The trial or subscription banner of the header; it leads to the payment page. */
export function SubscriptionBannerLink({ partnership }: { partnership: Partnership }) {
  const banner = subscriptionBannerFor(partnership, currentTime());
  if (!banner) return null;
  const ended = banner.tone === 'ended';
  return (
    <Box
      component={LinkBase}
      to={PAYMENT_PATH}
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
        '&:hover': { textDecoration: 'underline' },
      }}
    >
      <InfoOutlined sx={{ fontSize: 16, flexShrink: 0 }} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {banner.text}
      </Box>
    </Box>
  );
}
