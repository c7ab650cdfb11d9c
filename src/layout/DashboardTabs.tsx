import { Box, Tab, Tabs } from '@mui/material';
import { LinkBase, useLocation } from 'react-admin';
import { routeAccess } from '../domain/menu';
import { TAB_BAR_HEIGHT } from './shellConfig';
import { usePartnership } from '../authProvider/usePartnership';
import { useShellText } from './useShellText';
import { currentTime } from './currentTime';

const DASHBOARD_TABS = [
  { key: 'product', path: '/b2b/dashboard' },
  { key: 'customer', path: '/b2b/dashboard/customer' },
  { key: 'channel', path: '/b2b/dashboard/channel' },
] as const;

/**
 * The 60 px tab bar of the dashboards (spec 1 section 2.6): 상품 (default), 고객, 채널. Each tab
 * is a link, so the tab survives a reload; repairer and launderer, who may open only the product
 * dashboard, see only 상품.
 */
export function DashboardTabs() {
  const t = useShellText();
  const { partnership } = usePartnership();
  const { pathname } = useLocation();
  if (!partnership) return null;

  const now = currentTime();
  const tabs = DASHBOARD_TABS.filter((tab) => routeAccess(partnership, tab.path, now) === 'ok');
  const path = pathname.replace(/\/+$/, '');
  const current = tabs.find((tab) => tab.path === path)?.path ?? tabs[0]?.path ?? false;

  return (
    <Box sx={{ height: TAB_BAR_HEIGHT, display: 'flex', alignItems: 'flex-end', borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={current} aria-label={t('shell.dashboardTabs.label')} sx={{ minHeight: 48 }}>
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.path}
            label={t(`shell.dashboardTabs.${tab.key}`)}
            component={LinkBase}
            to={tab.path}
            sx={{ minHeight: 48, fontSize: 15, fontWeight: 700 }}
          />
        ))}
      </Tabs>
    </Box>
  );
}
