import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loungeKo } from '../../i18n/lounge.ko';
import type { LoungeLook } from '../api';
import { Section } from './Section';

/** The brand's lounge front: its image, logo, texts in its colour, and the coupons it shows. */
export function LoungeHeader({ look, brandName }: { look: LoungeLook; brandName: string }) {
  return (
    <Box component="header">
      {look.imageUrl && <Box component="img" src={look.imageUrl} alt="" sx={{ width: '100%', aspectRatio: '1 / 1', maxHeight: 260, objectFit: 'cover', borderRadius: 2 }} />}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: look.imageUrl ? 1.5 : 0 }}>
        {look.logoUrl && <Box component="img" src={look.logoUrl} alt="" sx={{ width: 56, height: 56, borderRadius: '50%', objectFit: 'cover' }} />}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: 24, fontWeight: 700 }}>{look.title || brandName}</Typography>
          {look.subtitle && <Typography sx={{ color: look.themeColor, fontWeight: 600 }}>{look.subtitle}</Typography>}
        </Box>
      </Stack>
      {look.description && <Typography sx={{ mt: 1, color: 'text.secondary', whiteSpace: 'pre-wrap' }}>{look.description}</Typography>}
      {look.notice && <Alert severity="info" sx={{ mt: 1.5 }}>{look.notice}</Alert>}
      {look.coupons.length > 0 && (
        <Section title={loungeKo.lounge.brandCoupons}>
          <Stack spacing={1}>
            {look.coupons.map((c) => (
              <Paper key={c.idx} variant="outlined" sx={{ p: 1.5, borderLeft: `4px solid ${look.themeColor}` }}>
                <Typography sx={{ fontWeight: 600 }}>{c.title}</Typography>
              </Paper>
            ))}
          </Stack>
        </Section>
      )}
    </Box>
  );
}
