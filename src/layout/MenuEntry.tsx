import { useEffect, useState, type ReactElement } from 'react';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { LinkBase, useSidebarState } from 'react-admin';
import type { MenuItem } from '../domain/menu';
import { emitAppEvent } from '../framework/events';
import { menuIconOf } from './menuIcons';
import { MenuBadges } from './MenuBadges';
import { useShellText } from './useShellText';

const entrySx = {
  position: 'relative',
  minHeight: 40,
  borderRadius: 1.5,
  mx: 1,
  my: 0.25,
  px: 1.5,
  color: 'text.secondary',
  '& .MuiListItemIcon-root': { minWidth: 32, color: 'inherit' },
  '& .MuiListItemText-primary': { fontSize: 14, fontWeight: 500 },
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'action.selected', color: 'primary.main' },
  '&.Mui-selected .MuiListItemText-primary': { fontWeight: 700 },
} as const;

interface EntryProps {
  item: MenuItem;
  highlighted: string | null;
  collapsed: boolean;
}

/** A label that becomes a right-hand tooltip when the sidebar shows icons only. */
function CollapsedTooltip({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactElement }) {
  return collapsed ? <Tooltip title={label} placement="right">{children}</Tooltip> : children;
}

function MenuLink({ item, highlighted, collapsed, nested = false }: EntryProps & { nested?: boolean }) {
  const t = useShellText();
  const label = t(item.labelKey);
  const selected = highlighted === item.key;
  const Icon = menuIconOf(item.key);
  return (
    <CollapsedTooltip label={label} collapsed={collapsed}>
      <ListItemButton
        // A plan-blocked item stays a button that tells why instead of leading anywhere (spec 2 section 5).
        {...(item.blocked
          ? { onClick: () => emitAppEvent({ type: 'accessDenied', view: 'toast' }), 'aria-disabled': true }
          : { component: LinkBase, to: item.path ?? '' })}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        // Named by its text; icons only, by the label (a name that differs from the text fails WCAG 2.5.3).
        aria-label={collapsed ? label : undefined}
        sx={{ ...entrySx, ...(nested && { pl: 6 }), ...(collapsed && { justifyContent: 'center' }) }}
      >
        {!nested && <ListItemIcon>{<Icon fontSize="small" />}</ListItemIcon>}
        {!collapsed && <ListItemText primary={label} />}
        <MenuBadges item={item} collapsed={collapsed} />
      </ListItemButton>
    </CollapsedTooltip>
  );
}

/**
 * An expandable entry (스탬프, 마케팅 메시지). Groups start open so every page stays one click
 * away; the group of the current page reopens on navigation. In the icon-only sidebar a click
 * widens the sidebar first, since children have no icons of their own.
 */
function MenuGroup({ item, highlighted, collapsed }: EntryProps) {
  const t = useShellText();
  const label = t(item.labelKey);
  const [, setSidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(true);
  const children = item.children ?? [];
  const holdsCurrentPage = children.some((c) => c.key === highlighted);
  const Icon = menuIconOf(item.key);

  useEffect(() => {
    if (holdsCurrentPage) setOpen(true);
  }, [holdsCurrentPage]);

  const onClick = () => {
    if (collapsed) {
      setSidebarOpen(true);
      setOpen(true);
    } else {
      setOpen(!open);
    }
  };

  return (
    <>
      <CollapsedTooltip label={label} collapsed={collapsed}>
        <ListItemButton
          onClick={onClick}
          aria-expanded={!collapsed && open}
          aria-label={collapsed ? label : undefined}
          sx={{ ...entrySx, ...(holdsCurrentPage && { color: 'primary.main' }), ...(collapsed && { justifyContent: 'center' }) }}
        >
          <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
          {!collapsed && <ListItemText primary={label} />}
          <MenuBadges item={item} collapsed={collapsed} />
          {!collapsed && (open ? <ExpandLess fontSize="small" sx={{ ml: 'auto' }} /> : <ExpandMore fontSize="small" sx={{ ml: 'auto' }} />)}
        </ListItemButton>
      </CollapsedTooltip>
      <Collapse in={open && !collapsed} unmountOnExit>
        <List dense disablePadding>
          {children.map((child) => (
            <ListItem key={child.key} disablePadding sx={{ display: 'block' }}>
              <MenuLink item={child} highlighted={highlighted} collapsed={false} nested />
            </ListItem>
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** A list item of its section: a link, or a group's button with its own list of links. */
export function MenuEntry(props: EntryProps) {
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {props.item.children ? <MenuGroup {...props} /> : <MenuLink {...props} />}
    </ListItem>
  );
}
