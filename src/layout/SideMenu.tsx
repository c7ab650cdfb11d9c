import { Box, Divider, List, ListSubheader } from '@mui/material';
import { useLocation, useSidebarState } from 'react-admin';
import { highlightMenuKey, visibleMenu, type MenuSection } from '../domain/menu';
import { isSubAccount } from '../domain/identity';
import { BalanceBox } from './BalanceBox';
import { MenuEntry } from './MenuEntry';
import { SidebarLinks } from './SidebarLinks';
import { HIDE_MARKETING_MESSAGES } from './shellConfig';
import { usePartnership } from '../authProvider/usePartnership';
import { useShellText } from './useShellText';
import { currentTime } from './currentTime';

function Section({ section, highlighted, collapsed }: { section: MenuSection; highlighted: string | null; collapsed: boolean }) {
  const t = useShellText();
  const titleId = `menu-section-${section.key}`;
  // A list holds only its items: the icon-only sidebar's section divider stands before it.
  return (
    <>
      {collapsed && <Divider sx={{ mx: 2, my: 1 }} />}
      <List
        dense
        disablePadding
        aria-labelledby={collapsed ? undefined : titleId}
        aria-label={collapsed ? t(section.labelKey) : undefined}
        subheader={
          collapsed ? undefined : (
            <ListSubheader id={titleId} disableSticky sx={{ bgcolor: 'transparent', fontSize: 12, fontWeight: 700, lineHeight: '32px', mt: 1, px: 2.5 }}>
              {t(section.labelKey)}
            </ListSubheader>
          )
        }
      >
        {section.items.map((item) => (
          <MenuEntry key={item.key} item={item} highlighted={highlighted} collapsed={collapsed} />
        ))}
      </List>
    </>
  );
}

/**
 * The sidebar content (react-admin's `menu` slot): the sections this account may see, then, for
 * brand admins, the guide and feedback links and, for their main account, the balance box.
 */
export function SideMenu() {
  const { partnership } = usePartnership();
  const { pathname } = useLocation();
  const [open] = useSidebarState();
  if (!partnership) return null;

  const collapsed = !open;
  const sections = visibleMenu(partnership, currentTime(), { hideMarketingMessages: HIDE_MARKETING_MESSAGES });
  const highlighted = highlightMenuKey(pathname);
  const isBrandAdmin = partnership.adminType === 'b2b';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, pb: 2 }}>
      {sections.map((section) => (
        <Section key={section.key} section={section} highlighted={highlighted} collapsed={collapsed} />
      ))}
      {isBrandAdmin && (
        <Box sx={{ mt: 'auto', pt: 2 }}>
          <Divider sx={{ mx: 2, mb: 1 }} />
          <SidebarLinks collapsed={collapsed} />
          {!collapsed && !isSubAccount(partnership) && <BalanceBox />}
        </Box>
      )}
    </Box>
  );
}
