import { Box } from '@mui/material';
import type { MenuItem } from '../domain/menu';
import { useShellText } from './useShellText';

/**
 * The NEW tag and the red emphasis dot of a menu entry (spec 1 section 2.3). Decorative for
 * assistive technology: the link keeps its plain label as accessible name.
 */
export function MenuBadges({ item, collapsed }: { item: MenuItem; collapsed: boolean }) {
  const t = useShellText();
  return (
    <>
      {item.isNew && !collapsed && (
        <Box
          component="span"
          aria-hidden
          data-testid={`menu-new-${item.key}`}
          sx={{ ml: 0.5, px: 0.75, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 10, fontWeight: 700, lineHeight: '16px' }}
        >
          {t('shell.sidebar.newTag')}
        </Box>
      )}
      {item.dot && (
        <Box
          component="span"
          aria-hidden
          data-testid={`menu-dot-${item.key}`}
          title={t('shell.sidebar.dotHint')}
          sx={{
            width: 6,
            height: 6,
            borderRadius: '50%',
            bgcolor: 'error.main',
            flexShrink: 0,
            ...(collapsed ? { position: 'absolute', top: 10, right: 18 } : { ml: 0.5 }),
          }}
        />
      )}
    </>
  );
}
