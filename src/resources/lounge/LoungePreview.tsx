import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LOUNGE_DEFAULT_COLOR } from '../../domain/brandLounge';
import { StampCardPreview } from '../stamp/StampCardPreview';
import { fileUrl, type CouponChoice, type MembershipChoice } from './api';

/** The phone width the customer's lounge is designed for (the lounge helper's 390 px). */
export const PHONE_WIDTH = 390;

/**
 * The customer's lounge as it will look on a phone, drawn from the form's current values (no save
 * needed): the lounge image, the logo, the texts in the theme colour, the memberships and coupons
 * chosen in their order, and the stamp card when it shows.
 */
export function LoungePreview({ memberships, coupons, stampGoal }: { memberships: MembershipChoice[]; coupons: CouponChoice[]; stampGoal: number | null }) {
  const translate = useTranslate();
  const v = useWatch() as {
    title?: string; subtitle?: string; description?: string; notice?: string; themeColor?: string; logo?: string | null; image?: string | null;
    membershipIdxList?: number[]; couponIdxList?: number[]; showStamp?: 'Y' | 'N';
  };
  const color = /^#[0-9A-Fa-f]{6}$/.test(v.themeColor ?? '') ? v.themeColor! : LOUNGE_DEFAULT_COLOR;
  const chosenMemberships = (v.membershipIdxList ?? []).map((idx) => memberships.find((m) => m.idx === idx)).filter((m): m is MembershipChoice => Boolean(m));
  const chosenCoupons = (v.couponIdxList ?? []).map((idx) => coupons.find((c) => c.idx === idx)).filter((c): c is CouponChoice => Boolean(c));
  return (
    <Box
      role="region"
      aria-label={translate('lounge.preview')}
      sx={{
        width: PHONE_WIDTH, height: 760, mx: 'auto', border: '10px solid #111', borderRadius: '36px', overflow: 'auto', bgcolor: '#fff',
        boxShadow: '0 12px 40px rgba(0,0,0,0.18)', boxSizing: 'content-box',
      }}
    >
      <Box sx={{ position: 'relative', width: '100%', aspectRatio: '1 / 1', maxHeight: 260, bgcolor: color, overflow: 'hidden' }}>
        {v.image ? <Box component="img" src={fileUrl(v.image)} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : null}
      </Box>
      <Box sx={{ px: 2.5, pb: 3 }}>
        <Box
          sx={{ width: 72, height: 72, borderRadius: '50%', mt: '-36px', position: 'relative', border: '3px solid #fff', bgcolor: 'grey.100', overflow: 'hidden' }}
        >
          {v.logo ? <Box component="img" src={fileUrl(v.logo)} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : null}
        </Box>
        <Typography data-testid="preview-title" variant="h6" sx={{ fontWeight: 800, mt: 1 }}>{v.title}</Typography>
        {v.subtitle ? <Typography variant="body2" sx={{ color, fontWeight: 600 }}>{v.subtitle}</Typography> : null}
        {v.description ? <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{v.description}</Typography> : null}
        {v.notice ? <Paper variant="outlined" sx={{ mt: 2, p: 1.5, borderRadius: 2, bgcolor: 'grey.50' }}><Typography variant="caption">{v.notice}</Typography></Paper> : null}

        <Typography variant="subtitle2" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>{translate('lounge.previewMemberships')}</Typography>
        {chosenMemberships.length ? (
          <Stack spacing={1}>
            {chosenMemberships.map((m) => (
              <Paper key={m.idx} variant="outlined" sx={{ p: 1.5, borderRadius: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{m.nftCardName}</Typography>
                <Button size="small" variant="contained" disableElevation sx={{ bgcolor: color, '&:hover': { bgcolor: color } }} tabIndex={-1}>
                  {translate('lounge.previewJoin')}
                </Button>
              </Paper>
            ))}
          </Stack>
        ) : <Typography variant="caption" color="text.secondary">{translate('lounge.previewEmpty')}</Typography>}

        <Typography variant="subtitle2" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>{translate('lounge.previewCoupons')}</Typography>
        {chosenCoupons.length ? (
          <Stack spacing={1}>
            {chosenCoupons.map((c) => (
              <Paper key={c.idx} variant="outlined" sx={{ p: 1.5, borderRadius: 2, borderLeft: `4px solid ${color}` }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{c.title}</Typography>
              </Paper>
            ))}
          </Stack>
        ) : <Typography variant="caption" color="text.secondary">{translate('lounge.previewEmpty')}</Typography>}

        {v.showStamp === 'Y' && stampGoal ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>{translate('lounge.previewStamp')}</Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>{translate('lounge.previewStampValue', { goal: stampGoal })}</Typography>
            <StampCardPreview goal={stampGoal} count={Math.min(2, stampGoal - 1)} couponTitle={null} />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
