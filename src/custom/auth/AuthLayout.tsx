import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { authKo } from '../../i18n/auth.ko';
import { MOBILE } from './theme';

/** The centred card every auth page sits in, with the product name, the page's h1 and an optional footer. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: { xs: 6, sm: 10 },
        [MOBILE]: { bgcolor: '#fff', px: 0, py: 3 },
      }}
    >
      <Box
        sx={{
          width: '100%',
          maxWidth: 440,
          bgcolor: '#fff',
          borderRadius: 3,
          border: '1px solid #e5e7eb',
          boxShadow: '0 10px 30px rgba(17,24,39,0.06)',
          px: 5,
          py: 5,
          [MOBILE]: { border: 0, boxShadow: 'none', borderRadius: 0, px: 2.5, py: 2 },
        }}
      >
        <Typography sx={{ fontSize: 14, fontWeight: 700, color: 'text.secondary', mb: 1, letterSpacing: 0.2 }}>{authKo.common.product}</Typography>
        <Typography component="h1" sx={{ fontSize: 26, fontWeight: 700, lineHeight: 1.3, color: '#111827' }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography component="div" sx={{ mt: 1, fontSize: 15, color: 'text.secondary', wordBreak: 'keep-all' }}>
            {subtitle}
          </Typography>
        ) : null}
        <Box sx={{ mt: 3 }}>{children}</Box>
        {footer ? (
          <Box sx={{ mt: 3, pt: 2.5, borderTop: '1px solid #f0f1f3', display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 1, fontSize: 14 }}>
            {footer}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
