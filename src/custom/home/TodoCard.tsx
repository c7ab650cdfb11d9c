import { Link as MuiLink, Stack, Typography } from '@mui/material';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { checkAccess } from '../../domain/access';
import { seoulToday } from '../../domain/seoulDay';
import { NFT_STATUS } from '../../domain/guarantee';
import { toAccessContext, type Partnership } from '../../domain/identity';
import { apiRequest } from '../../providers/http';
import { clock } from '../../providers/session';
import { hasLiveData } from '../../dashboards/parts';
import { SAMPLE_GUARANTEE_TODO } from '../../dashboards/sampleData';
import { asDashboardPath, useAsDashboard } from '../../dashboards/asDashboardApi';
import { EmptyState, HomeCard, SampleFigures } from './HomeCard';

/** spec 1 "To-do counts", guarantee part: certificates waiting to be issued (status 1), created today and this month (Asia/Seoul). */
export interface GuaranteeTodo {
  today: number;
  monthly: number;
}
export const GUARANTEE_TODO_PATH = '/v1/admin/nft/ready/today';

/**
 * The issue history filtered to waiting certificates created in [from, to] (spec 1 section 4:
 * "1 waiting links with nftStatus ready"; the history's date range is the creation day).
 */
export const waitingHistoryLink = (from: string, to: string) => `/b2b/guarantee?nftStatus=${NFT_STATUS.ready}&startDate=${from}&endDate=${to}`;
/** The A/S to-do opens the repair history at the new requests (issue 13 item 1). */
export const NEW_REPAIR_REQUESTS_LINK = '/b2b/after-service/repair?status=request';

function TodoRow({ label, count, to }: { label: string; count: number; to: string }) {
  const translate = useTranslate();
  const text = translate('app.home.todoCount', { count: count.toLocaleString('ko-KR') });
  return (
    <MuiLink
      component={Link}
      to={to}
      underline="none"
      color="inherit"
      aria-label={`${label} ${text}`}
      sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {/* The visible text reads as the accessible name does (WCAG 2.5.3). */}{' '}
      <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
        {text}
      </Typography>
    </MuiLink>
  );
}

function GuaranteeRows({ counts }: { counts: GuaranteeTodo }) {
  const translate = useTranslate();
  const today = seoulToday(clock.now());
  const monthStart = `${today.slice(0, 8)}01`;
  return (
    <Stack spacing={1}>
      <TodoRow label={translate('app.home.todoGuaranteeToday')} count={counts.today} to={waitingHistoryLink(today, today)} />
      <TodoRow label={translate('app.home.todoGuaranteeMonth')} count={counts.monthly} to={waitingHistoryLink(monthStart, today)} />
    </Stack>
  );
}

/**
 * 오늘의 할 일 (spec 1 sections 2.5 and 3): the guarantee counts for accounts that may read guarantees
 * and the new A/S requests (requestCount) where repair is in use (the brand's counts) or for the
 * repairer (its routed ones; spec 1: the repairer always sees it), sample counts for a non-subscriber.
 * An account with neither has nothing to count.
 */
export function TodoCard({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const live = hasLiveData(partnership);
  const readsGuarantees = live && checkAccess(toAccessContext(partnership), { feature: 'GUARANTEE' }, new Date(clock.now())) === null;
  const readsRepair = asDashboardPath(partnership, 'repair') !== null;
  const query = useQuery({
    queryKey: ['home', 'todo', 'guarantee'],
    queryFn: ({ signal }) => apiRequest<GuaranteeTodo>(GUARANTEE_TODO_PATH, { signal }),
    enabled: readsGuarantees,
    retry: false,
  });
  const repair = useAsDashboard(partnership, 'repair');
  const title = translate('app.home.todoTitle');
  const icon = <EventAvailableOutlinedIcon />;
  if (!live)
    return (
      <HomeCard icon={icon} title={title} id="home-todo">
        <SampleFigures note={translate('app.dashboard.sampleNote')}>
          <GuaranteeRows counts={SAMPLE_GUARANTEE_TODO} />
        </SampleFigures>
      </HomeCard>
    );
  const pending = (q: { isError: boolean }) => <EmptyState text={translate(q.isError ? 'app.home.todoFailed' : 'app.common.loading')} />;
  return (
    <HomeCard icon={icon} title={title} id="home-todo">
      {!readsGuarantees && !readsRepair ? (
        <EmptyState text={translate('app.home.todoEmpty')} />
      ) : (
        <Stack spacing={1}>
          {readsGuarantees && (query.data ? <GuaranteeRows counts={query.data} /> : pending(query))}
          {readsRepair && (repair.data ? <TodoRow label={translate('asDashboard.todoRepair')} count={repair.data.requestCount} to={NEW_REPAIR_REQUESTS_LINK} /> : pending(repair))}
        </Stack>
      )}
    </HomeCard>
  );
}
