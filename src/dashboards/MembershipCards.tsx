import { Box, Grid, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { checkAccess } from '../domain/access';
import { toAccessContext, type Partnership } from '../domain/identity';
import type { MembershipDashboardPeriod } from '../domain/membershipIssue';
import { MEMBERSHIP_RULE } from '../domain/resources/membershipTemplate';
import { apiRequest } from '../providers/http';
import { clock } from '../providers/session';
import { hasLiveData } from './parts';

/** GET /v1/admin/nft/dashboard/membership/{issued,summary,coupon} (spec 1 section 7; dateType omitted = ALL). */
export interface MembershipIssued { totalCount: number; graph: { date: string; count: number }[] }
export interface MembershipSummary { totalCount: number; issuing: number; expired: number; stop: number; templates: { templateIdx: number; name: string; total: number }[] }
export interface MembershipCouponFigures { issuedCount: number; usedCount: number; usedRate: number | null; list: { couponIdx: number; title: string; issuedCount: number; usedCount: number }[] }

const DASH = '/v1/admin/nft/dashboard/membership';
const L = 'membership-nft.dashboard';
const PERIODS: MembershipDashboardPeriod[] = ['ALL', '7d', '1m'];

/** The membership figures for b2b accounts with live data under the membership rules (the MEMBERSHIP feature, STANDARD blocked). */
function membershipFiguresFor(p: Partnership): boolean {
  return p.adminType === 'b2b' && hasLiveData(p) && checkAccess(toAccessContext(p), MEMBERSHIP_RULE, new Date(clock.now())) === null;
}

function useFigures<T>(p: Partnership, part: 'issued' | 'summary' | 'coupon', period: MembershipDashboardPeriod) {
  return useQuery({
    queryKey: ['dashboard', 'membership', part, period],
    queryFn: () => apiRequest<T>(`${DASH}/${part}`, { query: period === 'ALL' ? {} : { dateType: period } }).catch((err: unknown) => {
      console.warn('membership dashboard not loaded', err);
      return null;
    }),
    enabled: membershipFiguresFor(p),
    retry: false,
  });
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography variant="h6" sx={{ fontWeight: 700 }} aria-label={label}>{value}</Typography>
    </Box>
  );
}

/** The product dashboard's membership card: issued in the period, issuing/expired/stopped now, and the membership coupons granted and used. */
export function MembershipCards({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const [period, setPeriod] = useState<MembershipDashboardPeriod>('ALL');
  const issued = useFigures<MembershipIssued>(partnership, 'issued', period);
  const summary = useFigures<MembershipSummary>(partnership, 'summary', period);
  const coupon = useFigures<MembershipCouponFigures>(partnership, 'coupon', period);
  if (!membershipFiguresFor(partnership)) return null;
  const n = (v: number | undefined) => (v ?? 0).toLocaleString('ko-KR');
  return (
    <Grid size={12}>
      <Paper component="section" aria-label={translate(`${L}.title`)} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>{translate(`${L}.title`)}</Typography>
          <ToggleButtonGroup size="small" exclusive value={period} onChange={(_, v: MembershipDashboardPeriod | null) => v && setPeriod(v)} aria-label={translate(`${L}.period`)}>
            {PERIODS.map((p) => <ToggleButton key={p} value={p}>{p === 'ALL' ? translate(`${L}.all`) : p}</ToggleButton>)}
          </ToggleButtonGroup>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
          <Figure label={translate(`${L}.issued`)} value={n(issued.data?.totalCount)} />
          <Figure label={translate(`${L}.issuing`)} value={n(summary.data?.issuing)} />
          <Figure label={translate(`${L}.expired`)} value={n(summary.data?.expired)} />
          <Figure label={translate(`${L}.stop`)} value={n(summary.data?.stop)} />
          <Figure label={`${translate(`${L}.coupons`)} ${translate(`${L}.couponIssued`)}`} value={n(coupon.data?.issuedCount)} />
          <Figure label={`${translate(`${L}.coupons`)} ${translate(`${L}.couponUsed`)}`} value={n(coupon.data?.usedCount)} />
        </Stack>
      </Paper>
    </Grid>
  );
}
