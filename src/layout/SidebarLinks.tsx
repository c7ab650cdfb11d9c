import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import { FEEDBACK_URL, GUIDE_URL } from './shellConfig';
import { useShellText } from './useShellText';

const LINKS = [
  { key: 'guide', href: GUIDE_URL, Icon: MenuBookOutlined },
  { key: 'feedback', href: FEEDBACK_URL, Icon: FeedbackOutlined },
] as const;

function ExternalLink({ label, href, Icon, collapsed }: { label: string; href: string; Icon: typeof MenuBookOutlined; collapsed: boolean }) {
  const link = (
    <ListItemButton
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={collapsed ? label : undefined}
      sx={{ mx: 1, px: 1.5, borderRadius: 1.5, color: 'text.secondary', justifyContent: collapsed ? 'center' : undefined, '& .MuiListItemIcon-root': { minWidth: 32, color: 'inherit' } }}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!collapsed && <ListItemText primary={label} slotProps={{ primary: { fontSize: 13 } }} />}
    </ListItemButton>
  );
  return <ListItem disablePadding sx={{ display: 'block' }}>{collapsed ? <Tooltip title={label} placement="right">{link}</Tooltip> : link}</ListItem>;
}

/** The usage guide and feedback form, external pages opened in a new tab (brand admins only). */
export function SidebarLinks({ collapsed }: { collapsed: boolean }) {
  const t = useShellText();
  return (
    <List dense disablePadding>
      {LINKS.map(({ key, href, Icon }) => (
        <ExternalLink key={key} label={t(`shell.sidebar.${key}`)} href={href} Icon={Icon} collapsed={collapsed} />
      ))}
    </List>
  );
}
