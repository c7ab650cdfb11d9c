import { Box, Link as MuiLink, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { NFT_STATUS_LABELS, type NftStatus } from '../domain/guarantee';
import type { Partnership } from '../domain/identity';
import { seoulDate } from '../resources/product/api';
import { CardLoading } from './CardLoading';
import { useRecentGuarantees } from './guaranteeDashboardApi';
import { EmptyCard, FigureCard, hasLiveData } from './parts';
import { SAMPLE_RECENT_GUARANTEES } from './sampleData';

/** The newest certificates, each linking to its page (the sample rows for a non-subscriber). */
export function RecentGuarantees({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const recent = useRecentGuarantees(partnership);
  const data = hasLiveData(partnership) ? recent.data : SAMPLE_RECENT_GUARANTEES;
  const isLoading = recent.isLoading;
  const title = translate('app.dashboard.recentGuarantee');
  if (isLoading)
    return (
      <FigureCard title={title} size={{ xs: 12 }}>
        <CardLoading />
      </FigureCard>
    );
  if (!data?.length) return <EmptyCard title={title} empty="issuance" size={{ xs: 12 }} />;
  return (
    <FigureCard
      title={title}
      size={{ xs: 12 }}
      action={
        <MuiLink component={Link} to="/b2b/guarantee" variant="body2" sx={{ display: 'inline-block', mb: 1 }}>
          {translate('template.dashboard.allGuarantees')}
        </MuiLink>
      }
    >
      <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.map((g) => (
          <Box component="li" key={g.idx} sx={{ borderTop: 1, borderColor: 'divider' }}>
            <MuiLink
              component={Link}
              to={`/b2b/guarantee/${g.idx}`}
              underline="none"
              color="inherit"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: '160px 1fr auto auto' }, columnGap: 2, rowGap: 0.25, py: 1, px: 0.5, alignItems: 'center', '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
            >
              <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                {g.nftNumber}
              </Typography>
              <Typography variant="body2" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' }, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {g.ordererName} · {g.productName ?? ''}
              </Typography>
              <Typography variant="caption" sx={{ fontWeight: 600 }}>
                {NFT_STATUS_LABELS[g.nftStatus as NftStatus] ?? g.nftStatus}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                {seoulDate(g.createdAt)}
              </Typography>
            </MuiLink>
          </Box>
        ))}
      </Box>
    </FigureCard>
  );
}
