import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Logout from '@mui/icons-material/Logout';
import { LinkBase, useLocation, useLogout } from 'react-admin';
import { homePathFor, routeAccess } from '../domain/menu';
import type { Partnership } from '../domain/identity';
import { MOBILE_MENU_HEIGHT } from './shellConfig';
import { useIsNarrow } from './useIsNarrow';
import { usePartnership } from '../authProvider/usePartnership';
import { useShellText } from './useShellText';
import { currentTime } from './currentTime';

const DESTINATIONS = [
  { key: 'productDashboard', path: '/b2b/dashboard', Icon: Inventory2Outlined },
  { key: 'customerDashboard', path: '/b2b/dashboard/customer', Icon: PeopleOutline },
  { key: 'channelDashboard', path: '/b2b/dashboard/channel', Icon: StorefrontOutlined },
] as const;

/** Home plus the dashboards this account may open; repairer and launderer, whose home is the dashboard, get it once. */
function destinationsFor(partnership: Partnership, now: Date) {
  const home = homePathFor(partnership);
  const dashboards = DESTINATIONS.filter((d) => routeAccess(partnership, d.path, now) === 'ok');
  return dashboards.some((d) => d.path === home) ? dashboards : [{ key: 'home', path: home, Icon: HomeOutlined }, ...dashboards];
}

/**
 * The narrow-screen menu (below 500 px, spec 1 section 2.3): a bottom bar switching between home,
 * the three dashboards and logout, in place of the hidden sidebar.
 */
export function MobileMenu() {
  const t = useShellText();
  const isNarrow = useIsNarrow();
  const { partnership } = usePartnership();
  const { pathname } = useLocation();
  const logout = useLogout();
  if (!isNarrow || !partnership) return null;

  const destinations = destinationsFor(partnership, currentTime());
  const current = destinations.find((d) => d.path === pathname.replace(/\/+$/, ''))?.path ?? false;
  return (
    <Paper
      component="nav"
      aria-label={t('shell.mobileMenu.label')}
      elevation={0}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar, borderTop: 1, borderColor: 'divider' }}
    >
      <BottomNavigation value={current} showLabels sx={{ height: MOBILE_MENU_HEIGHT }}>
        {destinations.map(({ key, path, Icon }) => (
          <BottomNavigationAction
            key={key}
            value={path}
            label={t(`shell.mobileMenu.${key}`)}
            icon={<Icon />}
            component={LinkBase}
            to={path}
            aria-current={current === path ? 'page' : undefined}
            sx={{ minWidth: 0, px: 0.5, '& .MuiBottomNavigationAction-label': { fontSize: 11 } }}
          />
        ))}
        <BottomNavigationAction
          value="logout"
          label={t('shell.mobileMenu.logout')}
          icon={<Logout />}
          onClick={() => logout()}
          sx={{ minWidth: 0, px: 0.5, '& .MuiBottomNavigationAction-label': { fontSize: 11 } }}
        />
      </BottomNavigation>
    </Paper>
  );
}
