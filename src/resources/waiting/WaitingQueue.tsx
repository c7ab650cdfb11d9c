import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Chip, FormControl, InputLabel, MenuItem, Paper, Select, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '../../providers/http';
import { GuestLinkCard } from './GuestLinkCard';
import { ActionConfirm, PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { GUEST_POLL_MS, PAUSE_MINUTES, STORE_STATES, type StoreState } from '../../domain/waiting';
import { seoulDateTime } from '../../domain/seoulDay';
import { waitingResource } from '../../domain/resources/waiting';
import { MSG } from '../../domain/messages';
import { Link as RouterLink } from 'react-router-dom';

/** One entry of the staff's list (server/modules/waiting/service.ts staffList). */
export interface StaffEntry {
  idx: number; ticketNo: number; status: 'request' | 'called' | 'enter' | 'cancel'; partySize: number; pushBacks: number;
  cancelReason: 'guest' | 'staff' | 'noShow' | null; agreeMarketing: 'Y' | 'N'; isRevisit: 'Y' | 'N'; customerName: string; phoneMasked: string;
  position: number | null; calledAt: string | null; confirmedAt: string | null; enteredAt: string | null; cancelledAt: string | null; createdAt: string;
}
export interface StaffListAnswer {
  event: { idx: number; name: string }; state: StoreState; pausedUntil: string | null; minutesPerTeam: number;
  counts: { waiting: number; entered: number; cancelled: number }; list: StaffEntry[];
}
type Tab = 'request' | 'entered' | 'cancel';
const TABS: Tab[] = ['request', 'entered', 'cancel'];
const W = '/v1/waiting';
const time = (iso: string | null) => (iso ? seoulDateTime(iso).slice(11, 16) : '');
/** Large touch targets for the tablet at the counter (768 px). */
const BIG = { minHeight: 56, minWidth: 96, fontSize: 18, fontWeight: 700 } as const;

function StoreStateControl({ idx, state, pausedUntil }: { idx: string; state: StoreState; pausedUntil: string | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<StoreState>(state);
  const [minutes, setMinutes] = useState<number>(PAUSE_MINUTES[0]);
  useEffect(() => setChosen(state), [state]);
  const save = useMutation({
    mutationFn: () => apiRequest(`${W}/${idx}/state`, { base: 'waiting', method: 'PUT', body: { state: chosen, pauseMinutes: chosen === 'paused' ? minutes : null } }),
    onSuccess: () => {
      notify('waiting.state.saved', { type: 'success' });
      void client.invalidateQueries({ queryKey: ['waiting-queue', idx] });
    },
    onError: (err) => notify(err instanceof Error ? err.message : MSG.genericErrorMessage, { type: 'error' }),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      <Typography id="store-state-label" sx={{ fontWeight: 700, mb: 1 }}>{translate('waiting.state.label')}</Typography>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup exclusive value={chosen} onChange={(_, v: StoreState | null) => v && setChosen(v)} aria-labelledby="store-state-label" sx={{ flexWrap: 'wrap' }}>
          {STORE_STATES.map((s) => <ToggleButton key={s} value={s} sx={{ minHeight: 48, px: 2 }}>{translate(`waiting.state.${s}`)}</ToggleButton>)}
        </ToggleButtonGroup>
        {chosen === 'paused' && (
          <FormControl size="small" sx={{ minWidth: 120 }}>
            <InputLabel id="pause-minutes">{translate('waiting.state.pauseFor')}</InputLabel>
            <Select labelId="pause-minutes" label={translate('waiting.state.pauseFor')} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
              {PAUSE_MINUTES.map((m) => <MenuItem key={m} value={m}>{translate('waiting.state.minutes', { count: m })}</MenuItem>)}
            </Select>
          </FormControl>
        )}
        <Button variant="contained" disableElevation sx={{ minHeight: 48 }} disabled={save.isPending} onClick={() => save.mutate()}>{translate('waiting.state.apply')}</Button>
      </Stack>
      {state === 'paused' && pausedUntil && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate('waiting.state.pausedUntil', { time: time(pausedUntil) })}</Typography>
      )}
    </Paper>
  );
}

function EntryCard({ entry, onMove }: { entry: StaffEntry; onMove: (entry: StaffEntry, action: 'call' | 'enter' | 'cancel') => void }) {
  const translate = useTranslate();
  const E = (key: string, opts?: Record<string, unknown>) => translate(`waiting.entries.${key}`, opts);
  const waiting = entry.status === 'request' || entry.status === 'called';
  return (
    <Paper component="li" variant="outlined" data-testid="waiting-entry" sx={{ p: 2, borderRadius: 3, listStyle: 'none', borderColor: entry.status === 'called' ? 'warning.main' : undefined, borderWidth: entry.status === 'called' ? 2 : 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 72 }}>
          <Typography sx={{ fontSize: 28, fontWeight: 800, lineHeight: 1.1 }}>{E('ticket', { ticket: entry.ticketNo })}</Typography>
          {entry.position !== null && <Typography variant="body2" color="text.secondary">{E('position', { position: entry.position })}</Typography>}
        </Box>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography sx={{ fontSize: 18, fontWeight: 700 }}>{`${E('party', { count: entry.partySize })} · ${entry.phoneMasked}`}</Typography>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            {entry.status === 'called' && <Chip size="small" color="warning" label={E('called', { time: time(entry.calledAt) })} />}
            {entry.confirmedAt && entry.status === 'called' && <Chip size="small" color="success" label={E('confirmed')} />}
            {entry.isRevisit === 'Y' && <Chip size="small" color="info" label={E('revisit')} />}
            {entry.agreeMarketing === 'Y' && <Chip size="small" variant="outlined" label={E('marketing')} />}
            {entry.pushBacks > 0 && <Chip size="small" variant="outlined" label={E('pushBacks', { count: entry.pushBacks })} />}
            {entry.cancelReason && <Chip size="small" label={E(`reason.${entry.cancelReason}`)} />}
            {entry.enteredAt && <Chip size="small" variant="outlined" label={time(entry.enteredAt)} />}
          </Stack>
        </Box>
        {waiting && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" color="warning" disableElevation sx={BIG} onClick={() => onMove(entry, 'call')} aria-label={`${E('ticket', { ticket: entry.ticketNo })} ${entry.status === 'called' ? E('recall') : E('call')}`}>
              {entry.status === 'called' ? E('recall') : E('call')}
            </Button>
            <Button variant="contained" disableElevation sx={BIG} onClick={() => onMove(entry, 'enter')} aria-label={`${E('ticket', { ticket: entry.ticketNo })} ${E('enter')}`}>{E('enter')}</Button>
            <Button variant="outlined" color="error" sx={BIG} onClick={() => onMove(entry, 'cancel')} aria-label={`${E('ticket', { ticket: entry.ticketNo })} ${E('cancel')}`}>{E('cancel')}</Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /b2b/store/waiting/{idx}: the staff's waiting list for a tablet at the counter (768 px, large
 * buttons): the queue in order with 호출 (알림톡), 입장 and 취소 (confirmed), the seated
 * (`?status=entered`) and the cancelled, the store's state, and the guests' QR link. It refreshes
 * every 5 seconds, so guests registering on their phones appear by themselves.
 */
export default function WaitingQueue() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('status') as Tab) ? (params.get('status') as Tab) : 'request';
  const [cancelling, setCancelling] = useState<StaffEntry | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: ['waiting-queue', id, tab],
    queryFn: () => apiRequest<StaffListAnswer>(`${W}/${id}/request`, { base: 'waiting', query: { status: tab } }),
    refetchInterval: GUEST_POLL_MS,
  });
  const move = useMutation({
    mutationFn: ({ entry, action }: { entry: StaffEntry; action: 'call' | 'enter' | 'cancel' }) =>
      apiRequest(`${W}/${id}/request/${entry.idx}`, { base: 'waiting', method: 'PATCH', body: { action } }),
    onSuccess: (_, { entry, action }) => {
      notify(`waiting.entries.done${action === 'call' ? 'Call' : action === 'enter' ? 'Enter' : 'Cancel'}`, { type: 'success', messageArgs: { ticket: entry.ticketNo } });
      setCancelling(null);
      void client.invalidateQueries({ queryKey: ['waiting-queue', id] });
    },
    onError: (err) => {
      setCancelling(null);
      notify(err instanceof Error ? err.message : MSG.genericErrorMessage, { type: 'error' });
    },
  });
  if (isPending) return <PageLoading />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error instanceof ApiRequestError ? error.message : translate('waiting.notFound')}</Alert>;
  const onMove = (entry: StaffEntry, action: 'call' | 'enter' | 'cancel') => (action === 'cancel' ? setCancelling(entry) : move.mutate({ entry, action }));
  const count = { request: data.counts.waiting, entered: data.counts.entered, cancel: data.counts.cancelled };
  const label = { request: 'tabWaiting', entered: 'tabEntered', cancel: 'tabCancelled' } as const;
  const empty = { request: 'empty', entered: 'emptyEntered', cancel: 'emptyCancelled' } as const;
  return (
    <PageShell title={translate('waiting.entries.title', { name: data.event.name })} maxWidth={1100} actions={<Button component={RouterLink} to={waitingResource.route} variant="outlined">{translate('waiting.back')}</Button>}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Chip color="primary" label={translate('waiting.entries.waitingCount', { count: data.counts.waiting })} />
          <Chip variant="outlined" label={translate('waiting.entries.estimate', { minutes: data.counts.waiting * data.minutesPerTeam })} />
          <Chip variant="outlined" label={translate(`waiting.state.${data.state}`)} />
        </Stack>
        <StoreStateControl idx={id} state={data.state} pausedUntil={data.pausedUntil} />
        <Tabs value={tab} onChange={(_, v: Tab) => setParams(v === 'request' ? {} : { status: v }, { replace: true })} variant="fullWidth">
          {TABS.map((t) => <Tab key={t} value={t} sx={{ minHeight: 56, fontSize: 16 }} label={`${translate(`waiting.entries.${label[t]}`)} ${count[t]}`} />)}
        </Tabs>
        {data.list.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
            <Typography color="text.secondary">{translate(`waiting.entries.${empty[tab]}`)}</Typography>
          </Paper>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={translate(`waiting.entries.${label[tab]}`)}>
            {data.list.map((e) => <EntryCard key={e.idx} entry={e} onMove={onMove} />)}
          </Stack>
        )}
        <GuestLinkCard api={`${W}/${id}/link`} texts="waiting.entries" testId="guest-link" />
      </Stack>
      <ActionConfirm
        open={cancelling !== null} busy={move.isPending}
        title={translate('waiting.entries.cancelTitle')} content={cancelling ? translate('waiting.entries.cancelConfirm', { ticket: cancelling.ticketNo }) : ''}
        confirm={translate('waiting.entries.cancel')} cancel={translate('ra.action.cancel')}
        onConfirm={() => cancelling && move.mutate({ entry: cancelling, action: 'cancel' })} onClose={() => setCancelling(null)}
      />
    </PageShell>
  );
}
