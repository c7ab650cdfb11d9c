import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A titled part of the lounge page, a region named by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 700, mb: 1.5 }}>{title}</Typography>
      {children}
    </Box>
  );
}
