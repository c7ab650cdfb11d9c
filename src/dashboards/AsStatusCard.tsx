import { Box, Link as MuiLink, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { AS_STATUS_LABELS, type AsStatus, type AsType } from '../domain/afterService';
import type { Partnership } from '../domain/identity';
import { seoulDate } from '../domain/seoulDay';
import { CardLoading } from './CardLoading';
import { asDashboardPath, useAsDashboard, type AsDashboard } from './asDashboardApi';
import { EmptyCard, FigureCard } from './parts';

type CountKey = Exclude<keyof AsDashboard, 'recentRequest'>;
/** Each figure and the history status it opens (work in progress is washing for laundry). */
const FIGURES: { key: CountKey; status: (type: AsType) => AsStatus }[] = [
  { key: 'requestCount', status: () => 'request' },
  { key: 'preInspectCount', status: () => 'preinspect' },
  { key: 'inspectCount', status: () => 'inspecting' },
  { key: 'workCount', status: (type) => (type === 'laundry' ? 'washing' : 'working') },
];
const historyPath = (type: AsType) => `/b2b/after-service/${type}`;

/**
 * The product dashboard's A/S (repair) or laundry status card (spec 1 section 2.6): the requests in
 * each open stage, each opening the history at that status, and the 5 newest requests, each opening
 * its detail. The partner reads the requests routed to it, the brand its own (asDashboardApi.ts).
 */
export function AsStatusCard({ partnership, type }: { partnership: Partnership; type: AsType }) {
  const translate = useTranslate();
  const figures = useAsDashboard(partnership, type);
  const title = translate(type === 'repair' ? 'app.dashboard.asStatus' : 'app.dashboard.laundryStatus');
  const partnerSide = partnership.adminType !== 'b2b';
  if (asDashboardPath(partnership, type) === null) return <EmptyCard title={title} />;
  if (figures.isLoading)
    return (
      <FigureCard title={title} size={{ xs: 12, md: 6 }}>
        <CardLoading />
      </FigureCard>
    );
  // A failed load shows the empty card, like the other dashboard cards.
  if (!figures.data) return <EmptyCard title={title} />;
  const data = figures.data;
  return (
    <FigureCard title={title} size={{ xs: 12, md: 6 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1, mb: 2 }}>
        {FIGURES.map(({ key, status }) => {
          const label = translate(`asDashboard.${key}`);
          return (
            <MuiLink
              key={key}
              component={Link}
              to={`${historyPath(type)}?status=${status(type)}`}
              underline="none"
              color="inherit"
              sx={{ textAlign: 'center', p: 1, borderRadius: 2, border: 1, borderColor: 'divider', '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
            >
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              {/* The link's name is its visible text, "접수 3건". */}{' '}
              <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
                {translate('asDashboard.count', { count: data[key].toLocaleString('ko-KR') })}
              </Typography>
            </MuiLink>
          );
        })}
      </Box>
      <Typography component="h3" variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {translate('asDashboard.recent')}
      </Typography>
      {data.recentRequest.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('asDashboard.noRecent')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={`${title} ${translate('asDashboard.recent')}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.recentRequest.map((r) => (
            <Box component="li" key={r.idx} sx={{ borderTop: 1, borderColor: 'divider' }}>
              <MuiLink
                component={Link}
                to={`${historyPath(type)}/${r.idx}`}
                underline="none"
                color="inherit"
                sx={{ display: 'grid', gridTemplateColumns: '1fr auto auto', columnGap: 2, py: 1, px: 0.5, alignItems: 'center', '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
              >
                <Typography variant="body2" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {partnerSide ? `${r.tenantName} · ${r.productName}` : r.productName}
                </Typography>
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  {AS_STATUS_LABELS[r.status] ?? r.status}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {seoulDate(r.createdAt)}
                </Typography>
              </MuiLink>
            </Box>
          ))}
        </Box>
      )}
    </FigureCard>
  );
}
