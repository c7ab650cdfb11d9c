import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '../../providers/http';
import { GuestLinkCard } from '../waiting/GuestLinkCard';
import { ActionConfirm, PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { reservationResource } from '../../domain/resources/reservation';
import type { BookingStatus, DepositStatus, StaffAction } from '../../domain/reservation';
import { addDays, isYmd, seoulToday } from '../../domain/seoulDay';
import { MSG } from '../../domain/messages';

/** One booking of the staff's day (server/modules/reservations/service.ts staffDay). */
export interface StaffBooking {
  idx: number; startsAt: string; time: string; when: string; partySize: number; status: BookingStatus; cancelBy: 'guest' | 'staff' | 'policy' | null;
  depositAmount: number; depositStatus: DepositStatus; agreeMarketing: 'Y' | 'N'; customerName: string; phoneMasked: string; noShowAllowed: boolean;
}
export interface StaffDay {
  reservation: { idx: number; name: string; autoConfirm: 'Y' | 'N'; deposit: number | null; slotCapacity: number };
  date: string; open: boolean; slots: { startsAt: string; time: string; capacity: number; booked: number }[];
  counts: Record<BookingStatus, number>; list: StaffBooking[];
}
const R = '/v1/reservation';
const BIG = { minHeight: 48, minWidth: 72, fontWeight: 700 } as const;
const STATUS_COLOR: Record<BookingStatus, 'warning' | 'success' | 'info' | 'error' | 'default'> = {
  requested: 'warning', confirmed: 'success', visited: 'info', noShow: 'error', cancelled: 'default',
};

function BookingCard({ booking, onMove }: { booking: StaffBooking; onMove: (b: StaffBooking, action: StaffAction) => void }) {
  const translate = useTranslate();
  const B = (key: string, opts?: Record<string, unknown>) => translate(`reservation.bookings.${key}`, opts);
  const live = booking.status === 'requested' || booking.status === 'confirmed';
  const who = `${booking.time} ${booking.customerName}`;
  return (
    <Paper component="li" variant="outlined" data-testid="reservation-booking" sx={{ p: 2, borderRadius: 3, listStyle: 'none' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: 24, fontWeight: 800, minWidth: 72 }}>{booking.time}</Typography>
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography sx={{ fontWeight: 700 }}>{`${booking.customerName} · ${B('party', { count: booking.partySize })} · ${booking.phoneMasked}`}</Typography>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            <Chip size="small" color={STATUS_COLOR[booking.status]} label={B(`status.${booking.status}`)} />
            {booking.cancelBy && <Chip size="small" variant="outlined" label={B(`cancelBy.${booking.cancelBy}`)} />}
            {booking.depositAmount > 0 && <Chip size="small" variant="outlined" label={`${B('deposit', { amount: booking.depositAmount.toLocaleString('ko-KR') })} · ${B(`depositStatus.${booking.depositStatus}`)}`} />}
          </Stack>
        </Box>
        {live && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {booking.status === 'requested' && <Button variant="contained" disableElevation sx={BIG} aria-label={`${who} ${B('confirm')}`} onClick={() => onMove(booking, 'confirm')}>{B('confirm')}</Button>}
            <Button variant="outlined" sx={BIG} aria-label={`${who} ${B('visit')}`} onClick={() => onMove(booking, 'visit')}>{B('visit')}</Button>
            {booking.noShowAllowed && <Button variant="outlined" color="warning" sx={BIG} aria-label={`${who} ${B('noShow')}`} onClick={() => onMove(booking, 'noShow')}>{B('noShow')}</Button>}
            <Button variant="outlined" color="error" sx={BIG} aria-label={`${who} ${B('cancel')}`} onClick={() => onMove(booking, 'cancel')}>{B('cancel')}</Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /b2b/store/reservation/{idx}: a day's bookings (`?date=`, today in Seoul by default) with the
 * slots' seats, and 확정 (a request), 방문, 노쇼 (once the time has come, confirmed first: the deposit
 * is kept) and 취소 (confirmed first: the deposit is refunded, the guest told). It refreshes every
 * 15 seconds, so guests booking on their phones appear by themselves.
 */
export default function ReservationBookings() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isYmd(asked) ? asked : seoulToday(Date.now());
  const [asking, setAsking] = useState<{ booking: StaffBooking; action: 'cancel' | 'noShow' } | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: ['reservation-day', id, date],
    queryFn: () => apiRequest<StaffDay>(`${R}/${id}/booking`, { base: 'waiting', query: { date } }),
    refetchInterval: 15_000,
  });
  const move = useMutation({
    mutationFn: ({ booking, action }: { booking: StaffBooking; action: StaffAction }) =>
      apiRequest(`${R}/${id}/booking/${booking.idx}`, { base: 'waiting', method: 'PATCH', body: { action } }),
    onSuccess: (_, { action }) => {
      notify(`reservation.bookings.done.${action}`, { type: 'success' });
      setAsking(null);
      void client.invalidateQueries({ queryKey: ['reservation-day', id] });
    },
    onError: (err) => {
      setAsking(null);
      notify(err instanceof Error ? err.message : MSG.genericErrorMessage, { type: 'error' });
    },
  });
  if (isPending) return <PageLoading />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error instanceof ApiRequestError ? error.message : translate('reservation.notFound')}</Alert>;
  const goTo = (day: string) => setParams(isYmd(day) ? { date: day } : {}, { replace: true });
  const onMove = (booking: StaffBooking, action: StaffAction) => (action === 'cancel' || action === 'noShow' ? setAsking({ booking, action }) : move.mutate({ booking, action }));
  const B = (key: string, opts?: Record<string, unknown>) => translate(`reservation.bookings.${key}`, opts);
  return (
    <PageShell
      title={B('title', { name: data.reservation.name })} maxWidth={1100}
      actions={<Button component={RouterLink} to={reservationResource.route} variant="outlined">{translate('reservation.back')}</Button>}
    >
      <Stack spacing={2}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => goTo(addDays(date, -1))}>{B('prevDay')}</Button>
          <TextField
            type="date" size="small" label={B('date')} value={date} onChange={(e) => goTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 180 }}
          />
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => goTo(addDays(date, 1))}>{B('nextDay')}</Button>
        </Stack>
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
          <Typography sx={{ fontWeight: 700, mb: 1 }}>{B('slots')}</Typography>
          {data.open ? (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="reservation-slots">
              {data.slots.map((s) => (
                <Chip key={s.startsAt} variant={s.booked >= s.capacity ? 'filled' : 'outlined'} color={s.booked >= s.capacity ? 'error' : 'default'}
                  label={B('slotLeft', { time: s.time, booked: s.booked, capacity: s.capacity })} />
              ))}
            </Stack>
          ) : <Typography color="text.secondary">{B('closedDay')}</Typography>}
        </Paper>
        {data.list.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
            <Typography color="text.secondary">{B('empty')}</Typography>
          </Paper>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={B('title', { name: data.reservation.name })}>
            {data.list.map((b) => <BookingCard key={b.idx} booking={b} onMove={onMove} />)}
          </Stack>
        )}
        <GuestLinkCard api={`${R}/${id}/link`} texts="reservation.bookings" testId="reservation-guest-link" />
      </Stack>
      <ActionConfirm
        open={asking !== null} busy={move.isPending}
        title={asking ? B(asking.action === 'cancel' ? 'cancelTitle' : 'noShowTitle') : ''}
        content={asking ? B(asking.action === 'cancel' ? 'cancelConfirm' : 'noShowConfirm', { when: asking.booking.when, name: asking.booking.customerName }) : ''}
        confirm={asking ? B(asking.action === 'cancel' ? 'cancelDo' : 'noShowDo') : ''} cancel={B('keep')}
        onConfirm={() => asking && move.mutate({ booking: asking.booking, action: asking.action })} onClose={() => setAsking(null)}
      />
    </PageShell>
  );
}
