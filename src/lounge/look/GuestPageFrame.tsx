import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoungeTheme } from './LoungeTheme';

/**
 * A store's guest page at 390 px (waiting, reservations): the lounge's look, the page's loading or
 * error until the place is read, then its heading (brand, name, address, and the page's own lines
 * in `summary`) above the page's steps.
 */
export function GuestPageFrame<P extends { brandName: string; name: string; address: string }>({ place, error, loadingText, summary, children }: {
  place: P | null; error: string | null; loadingText: string;
  summary: (place: P) => ReactNode; children: (place: P) => ReactNode;
}) {
  return (
    <LoungeTheme>
      <CssBaseline />
      <Box component="main" sx={{ maxWidth: 480, mx: 'auto', px: 2, py: 3, minHeight: '100vh', bgcolor: 'grey.50' }}>
        {error && !place && <Alert severity="error">{error}</Alert>}
        {!error && !place && <Typography>{loadingText}</Typography>}
        {place && (
          <Stack spacing={2}>
            <Box>
              <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{place.brandName}</Typography>
              <Typography component="h1" sx={{ fontSize: 24, fontWeight: 800 }}>{place.name}</Typography>
              <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{place.address}</Typography>
              {summary(place)}
            </Box>
            {children(place)}
          </Stack>
        )}
      </Box>
    </LoungeTheme>
  );
}
