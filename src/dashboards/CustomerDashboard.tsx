import { useState } from 'react';
import { Box, Button, CircularProgress, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { checkAccess } from '../domain/access';
import { toAccessContext, type Partnership } from '../domain/identity';
import { apiRequest } from '../providers/http';
import { clock } from '../providers/session';
import { formatWon } from '../domain/format';
import { formatCount, formatYmd } from '../resources/customer/format';
import { DashboardFrame, EmptyCard, FigureCard, hasLiveData } from './parts';
import { SAMPLE_CUSTOMER_DASHBOARD } from './sampleData';
import { ScrollRegion } from '../framework/ScrollRegion';

/** spec 1 "Customer dashboard" / "Customer top list item" (GET /v2/admin/customers/dashboard). */
export interface CustomerDashboardData {
  distribution: { salesAmount: Record<string, number>; count: Record<string, number>; price: Record<string, number> };
  topList: { userIdx: number; userName: string; totalPayAmount: number; lastOrderedAt: string | null; couponRemainCount: number }[];
}

/** The top list shows this many rows until opened in full (25, spec 1 section 9). */
export const TOP_PREVIEW_ROWS = 5;
export const TOP_FULL_ROWS = 25;
const DISTRIBUTIONS = [
  { key: 'salesAmount', titleKey: 'app.dashboard.bySalesAmount' },
  { key: 'count', titleKey: 'app.dashboard.byCount' },
  { key: 'price', titleKey: 'app.dashboard.byPrice' },
] as const;
const THIRD = { xs: 12, md: 4 };

/** A bucket → count map as chart rows in the server's order; empty when every bucket is 0. */
export function distributionRows(map: Record<string, number> | undefined | null): { label: string; count: number }[] {
  const rows = Object.entries(map ?? {}).map(([label, count]) => ({ label, count: Number(count) || 0 }));
  return rows.some((r) => r.count > 0) ? rows : [];
}

/** The data for b2b accounts with live data and the customer feature; dashboard errors are only logged (spec 3 section 7). */
function useCustomerDashboard(p: Partnership) {
  const enabled = p.adminType === 'b2b' && hasLiveData(p) && checkAccess(toAccessContext(p), { feature: 'CUSTOMER' }, new Date(clock.now())) === null;
  return useQuery({
    queryKey: ['dashboard', 'customer'],
    queryFn: () =>
      apiRequest<CustomerDashboardData>('/v2/admin/customers/dashboard').catch((err: unknown) => {
        console.warn('customer dashboard not loaded', err);
        return null;
      }),
    enabled,
    retry: false,
  });
}

function Distribution({ rows }: { rows: { label: string; count: number }[] }) {
  const translate = useTranslate();
  return (
    <>
      {/* The chart repeats the list below for the eye; inert keeps its focusable drawing out of the tab order. */}
      <Box sx={{ width: '100%', height: 200 }} aria-hidden inert>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 4, left: -16 }}>
            <XAxis dataKey="label" tick={{ fontSize: 10 }} interval={0} angle={-25} textAnchor="end" height={48} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(v) => translate('customer.dashboard.countValue', { count: formatCount(v) })} />
            <Bar dataKey="count" name={translate('customer.dashboard.customers')} fill="#3f6ad8" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25 }}>
        {rows.map((r) => (
          <Box key={r.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {r.label}
            </Typography>
            <Typography component="dd" variant="caption" sx={{ m: 0, textAlign: 'right' }}>
              {translate('customer.dashboard.countValue', { count: formatCount(r.count) })}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

function TopList({ rows }: { rows: CustomerDashboardData['topList'] }) {
  const translate = useTranslate();
  const [full, setFull] = useState(false);
  const sorted = [...rows].sort((a, b) => b.totalPayAmount - a.totalPayAmount).slice(0, TOP_FULL_ROWS);
  const shown = full ? sorted : sorted.slice(0, TOP_PREVIEW_ROWS);
  return (
    <>
      <ScrollRegion>
        <Table size="small" aria-label={translate('app.dashboard.topCustomers')}>
          <TableHead>
            <TableRow>
              {['rank', 'userName', 'totalPayAmount', 'lastOrderedAt', 'couponRemainCount'].map((k) => (
                <TableCell key={k} sx={{ whiteSpace: 'nowrap' }} align={k === 'userName' || k === 'lastOrderedAt' ? 'left' : 'right'}>
                  {translate(`customer.dashboard.${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r, i) => (
              <TableRow key={r.userIdx}>
                <TableCell align="right">{i + 1}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link to={`/b2b/customer/detail/${r.userIdx}`}>{r.userName}</Link>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatWon(r.totalPayAmount)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatYmd(r.lastOrderedAt)}</TableCell>
                <TableCell align="right">{formatCount(r.couponRemainCount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      {sorted.length > TOP_PREVIEW_ROWS && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button size="small" onClick={() => setFull((f) => !f)} aria-expanded={full}>
            {translate(full ? 'customer.dashboard.topListClose' : 'customer.dashboard.topListAll')}
          </Button>
        </Box>
      )}
    </>
  );
}

function CustomerCards({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const query = useCustomerDashboard(partnership);
  // A non-subscriber sees the sample figures through the same panels, dimmed by the frame.
  const data = !hasLiveData(partnership) ? SAMPLE_CUSTOMER_DASHBOARD : query.isEnabled ? query.data : null;
  if (query.isEnabled && query.isPending) {
    return (
      <Grid size={{ xs: 12 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
          <CircularProgress size={28} aria-label={translate('app.common.loading')} />
        </Box>
      </Grid>
    );
  }
  return (
    <>
      {DISTRIBUTIONS.map(({ key, titleKey }) => {
        const rows = distributionRows(data?.distribution?.[key]);
        return rows.length ? (
          <FigureCard key={key} title={translate(titleKey)} size={THIRD}>
            <Distribution rows={rows} />
          </FigureCard>
        ) : (
          <EmptyCard key={key} title={translate(titleKey)} size={THIRD} />
        );
      })}
      {data?.topList?.length ? (
        <FigureCard title={translate('app.dashboard.topCustomers')} size={{ xs: 12 }}>
          <TopList rows={data.topList} />
        </FigureCard>
      ) : (
        <EmptyCard title={translate('app.dashboard.topCustomers')} size={{ xs: 12 }} />
      )}
    </>
  );
}

/** /b2b/dashboard/customer: distribution by sales amount, count and price, and the top customers (spec 1 section 2.6). */
export function CustomerDashboard() {
  return (
    <DashboardFrame titleKey="app.dashboard.customerTitle" sampleKey="app.dashboard.sampleCustomer">
      {(p) => <CustomerCards partnership={p} />}
    </DashboardFrame>
  );
}

export default CustomerDashboard;
