import { AppBar, Box, Typography } from '@mui/material';
import { LinkBase, LoadingIndicator, TitlePortal } from 'react-admin';
import { homePathFor } from '../domain/menu';
import { ProfileMenu } from './ProfileMenu';
import { SubscriptionBannerLink } from './SubscriptionBannerLink';
import { HEADER_HEIGHT, NARROW_SCREEN } from './shellConfig';
import { usePartnership } from '../authProvider/usePartnership';
import { useShellText } from './useShellText';

/**
 * The 60 px top bar (react-admin's `appBar` slot): the product name linking home, the page
 * title portal, the subscription banner and the profile menu.
 */
export function Header() {
  const t = useShellText();
  const { partnership } = usePartnership();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ height: HEADER_HEIGHT, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Box sx={{ height: HEADER_HEIGHT, display: 'flex', alignItems: 'center', gap: 2, px: 2, minWidth: 0 }}>
        <Typography
          component={LinkBase}
          to={partnership ? homePathFor(partnership) : '/'}
          sx={{ fontWeight: 700, fontSize: 17, color: 'text.primary', textDecoration: 'none', whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('shell.appTitle')}
        </Typography>
        {/* The page's own h1 repeats the title; below 500 px there is no room for it here (no word cut in half). */}
        <TitlePortal sx={{ fontSize: 15, fontWeight: 500, color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, [NARROW_SCREEN]: { visibility: 'hidden' } }} />
        {partnership && <SubscriptionBannerLink partnership={partnership} />}
        <LoadingIndicator />
        {partnership && <ProfileMenu partnership={partnership} />}
      </Box>
    </AppBar>
  );
}
