import type { ReactNode } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { useSidebarState } from 'react-admin';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './shellConfig';
import { useIsNarrow } from './useIsNarrow';
import { useShellText } from './useShellText';

/**
 * The sidebar frame (react-admin's `sidebar` slot): 220 px, or 72 px of icons when collapsed,
 * below the 60 px header. Below 500 px it is not rendered at all; the narrow-screen menu replaces it.
 */
export function Sidebar({ children }: { children?: ReactNode }) {
  const t = useShellText();
  const isNarrow = useIsNarrow();
  const [open, setOpen] = useSidebarState();
  if (isNarrow) return null;

  const toggleLabel = t(open ? 'shell.sidebar.collapse' : 'shell.sidebar.expand');
  return (
    <Box
      component="nav"
      aria-label={t('shell.sidebar.label')}
      sx={{
        width: open ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH,
        flexShrink: 0,
        position: 'sticky',
        top: HEADER_HEIGHT,
        height: `calc(100vh - ${HEADER_HEIGHT}px)`,
        display: 'flex',
        flexDirection: 'column',
        overflowX: 'hidden',
        overflowY: 'auto',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: open ? 'flex-end' : 'center', px: 1, pt: 1 }}>
        <Tooltip title={toggleLabel} placement="right">
          <IconButton size="small" aria-label={toggleLabel} aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? <MenuOpenIcon fontSize="small" /> : <MenuIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      {children}
    </Box>
  );
}
