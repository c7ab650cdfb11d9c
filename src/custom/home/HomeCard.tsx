import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One card of the home page: an icon, a heading that names the section, and its content. */
export function HomeCard({ icon, title, children, id, action }: { icon: ReactNode; title: string; children: ReactNode; id: string; action?: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, height: '100%', boxSizing: 'border-box' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, color: 'primary.main' }}>
        {icon}
        <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: 'text.primary', flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Box sx={{ py: 3, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

/** A label and its value on one line. */
export function Row({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Sample figures for a non-subscriber (spec 1 section 6): the notice above, the figures dimmed and out of reach. */
export function SampleFigures({ note, children }: { note: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -1, mb: 1 }}>
        {note}
      </Typography>
      <Box data-sample="true" inert sx={{ opacity: 0.45, userSelect: 'none' }}>
        {children}
      </Box>
    </>
  );
}
