import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table's box that scrolls sideways when the screen is narrower than the table: focusable, so a
 * keyboard can scroll it even when nothing inside takes focus (WCAG 2.1.1), and a named region when
 * given a label. `width: 0; min-width: 100%` keeps a wide table from widening its card instead.
 */
export function ScrollRegion({ label, children, sx }: { label?: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box tabIndex={0} {...(label ? { role: 'region', 'aria-label': label } : {})} sx={[{ overflowX: 'auto', width: 0, minWidth: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}
