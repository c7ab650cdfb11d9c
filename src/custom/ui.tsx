import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** A page's container and h1; narrow screens (500 px) keep 16 px gutters. */
export function PageShell({ titleKey, title, children, maxWidth = 880, actions }: { titleKey?: string; title?: string; children: ReactNode; maxWidth?: number; actions?: ReactNode }) {
  const translate = useTranslate();
  const text = title ?? (titleKey ? translate(titleKey) : '');
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth, width: '100%', boxSizing: 'border-box' }}>
      <Title title={text} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
          {text}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

/** A titled card section. */
export function Section({ title, description, children, action, id }: { title: string; description?: string; children: ReactNode; action?: ReactNode; id?: string }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: description ? 0.5 : 2 }}>
        <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
