import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { reservationGuestKo } from '../i18n/reservationGuest.ko';
import { ApiRequestError, apiRequest } from '../providers/http';
import { LOUNGE_TOKEN_HEADER } from '../domain/lounge';
import { RESERVATION_MSG, bookingWhen, type BookingStatus, type DepositStatus } from '../domain/reservation';
import { fillMessage as fill } from '../domain/josa';
import { GuestPageFrame } from '../lounge/look/GuestPageFrame';
import { loungeToken } from '../lounge/api';
import { PhoneSignIn } from '../lounge/look/PhoneSignIn';

/**
 * The guest's reservation page (issue 26 item 5, docs/api/reservations.md), its own light app at
 * /reservation/{loungeKey}/{reservationIdx}: no partner session, no react-admin, one 480 px column
 * checked at 390 px. The guest signs in by phone as in the lounge (a texted code, the lounge's
 * session), picks a day and a time with seats left, the party and, when there is a deposit, the
 * card (confirmed before it is charged); then sees their bookings, changes one to another time or
 * cancels it, as the store's policy allows (the server answers what is allowed now).
 */
const T = reservationGuestKo.reservationGuest;
const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : T.loadFailed);
const won = (n: number) => n.toLocaleString('ko-KR');

interface Info {
  brandName: string; name: string; address: string; status: string; partyMin: number; partyMax: number; deposit: number | null;
  freeCancelHours: number; firstDay: string; lastDay: string;
}
interface Slot { startsAt: string; time: string; left: number; refusal: string | null }
interface Booking {
  idx: number; startsAt: string; when: string; partySize: number; status: BookingStatus; depositAmount: number; depositStatus: DepositStatus;
  freeCancelUntil: string; canChange: boolean; canCancel: boolean; refundOnCancel: boolean;
}
interface BookBody { startsAt: string; partySize: number; agreePrivacy: 'Y'; agreeMarketing: 'Y' | 'N'; card?: { cardNumber: string; expiry: string; password: string; birth: string } }

function useApi(loungeKey: string, idx: number, token: string | null) {
  return useMemo(() => {
    const path = `/v1/public/reservation/${loungeKey}/${idx}`;
    const as = token ? { headers: { [LOUNGE_TOKEN_HEADER]: token } } : {};
    const call = <T,>(tail: string, opts: { body?: unknown; method?: string; query?: Record<string, string>; signedIn?: boolean } = {}) =>
      apiRequest<T>(`${path}${tail}`, { base: 'waiting', anonymous: true, ...(opts.signedIn ? as : {}), ...(opts.body !== undefined ? { body: opts.body } : {}), ...(opts.method ? { method: opts.method } : {}), ...(opts.query ? { query: opts.query } : {}) });
    return {
      info: () => call<Info>(''),
      slots: (date: string) => call<Slot[]>('/slots', { query: { date } }),
      sendCode: (phone: string) => call<{ expiresAt: string }>('/otp', { body: { phone } }),
      verify: async (phone: string, code: string) => (await call<{ token: string }>('/otp/verify', { body: { phone, code } })).token,
      mine: () => call<Booking[]>('/me', { signedIn: true }),
      book: (body: BookBody) => call<Booking[]>('/book', { body, signedIn: true }),
      change: (bookingIdx: number, startsAt: string) => call<Booking[]>(`/me/${bookingIdx}/change`, { body: { startsAt }, signedIn: true }),
      cancel: (bookingIdx: number) => call<Booking[]>(`/me/${bookingIdx}/cancel`, { method: 'POST', signedIn: true }),
    };
  }, [loungeKey, idx, token]);
}
type Api = ReturnType<typeof useApi>;

/** A day (within the bookable days) and its times with seats left. */
function SlotPicker({ api, info, picked, onPick }: { api: Api; info: Info; picked: string | null; onPick: (startsAt: string | null) => void }) {
  const [date, setDate] = useState(info.firstDay);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    setSlots(null);
    api.slots(date).then((s) => alive && setSlots(s), (err: unknown) => alive && setError(messageOf(err)));
    return () => { alive = false; };
  }, [api, date]);
  const open = slots?.filter((s) => s.refusal === null) ?? [];
  return (
    <Stack spacing={1.5}>
      <TextField
        type="date" label={T.book.date} value={date} fullWidth
        onChange={(e) => { if (e.target.value) { setDate(e.target.value); onPick(null); } }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: info.firstDay, max: info.lastDay } }}
      />
      <Typography id="slot-label" sx={{ fontWeight: 600 }}>{T.book.time}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {slots && open.length === 0 && <Alert severity="info">{T.book.noSlots}</Alert>}
      {slots && open.length > 0 && (
        <Box role="group" aria-labelledby="slot-label" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
          {slots.filter((s) => s.refusal === null || s.left === 0).map((s) => (
            <Button
              key={s.startsAt} variant={picked === s.startsAt ? 'contained' : 'outlined'} disabled={s.refusal !== null} aria-pressed={picked === s.startsAt}
              onClick={() => onPick(s.startsAt)} sx={{ minHeight: 56, flexDirection: 'column', lineHeight: 1.2 }}
            >
              <span style={{ fontSize: 17, fontWeight: 700 }}>{s.time}</span>
              <span style={{ fontSize: 12 }}>{s.left > 0 ? fill(T.book.left, { count: s.left }) : T.book.full}</span>
            </Button>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function Ask({ open, title, body, yes, onYes, onNo }: { open: boolean; title: string; body: string; yes: string; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog open={open} onClose={onNo} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent><Typography>{body}</Typography></DialogContent>
      <DialogActions>
        <Button onClick={onNo}>{T.keep}</Button>
        <Button variant="contained" onClick={onYes}>{yes}</Button>
      </DialogActions>
    </Dialog>
  );
}

function BookForm({ api, info, onDone }: { api: Api; info: Info; onDone: (list: Booking[]) => void }) {
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [party, setParty] = useState(Math.min(Math.max(2, info.partyMin), info.partyMax));
  const [privacy, setPrivacy] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [card, setCard] = useState({ cardNumber: '', expiry: '', password: '', birth: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState(false);
  const deposit = info.deposit ? info.deposit * party : 0;
  const send = async () => {
    setPaying(false);
    setBusy(true);
    setError(null);
    try {
      onDone(await api.book({ startsAt: startsAt!, partySize: party, agreePrivacy: 'Y', agreeMarketing: marketing ? 'Y' : 'N', ...(deposit ? { card } : {}) }));
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!startsAt) return setError(T.book.pickTime);
    if (!privacy) return setError(RESERVATION_MSG.privacyRequired);
    if (deposit) return setPaying(true);
    return void send();
  };
  const cardField = (key: keyof typeof card, label: string, inputMode: 'numeric' | 'text', maxLength: number) => (
    <TextField label={label} value={card[key]} onChange={(e) => setCard((c) => ({ ...c, [key]: e.target.value }))} fullWidth autoComplete="off" slotProps={{ htmlInput: { inputMode, maxLength } }} />
  );
  return (
    <Paper component="form" noValidate onSubmit={submit} sx={{ p: 3 }} elevation={0}>
      <Typography variant="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 2 }}>{T.book.title}</Typography>
      <SlotPicker api={api} info={info} picked={startsAt} onPick={setStartsAt} />
      <Typography id="party-label" sx={{ fontWeight: 600, mt: 2 }}>{T.book.party}</Typography>
      <Stack direction="row" role="group" aria-labelledby="party-label" sx={{ alignItems: 'center', justifyContent: 'center', gap: 3, my: 1 }}>
        <IconButton aria-label={T.book.less} onClick={() => setParty((p) => Math.max(info.partyMin, p - 1))} disabled={party <= info.partyMin} sx={{ border: 1, borderColor: 'divider', width: 56, height: 56, fontSize: 28 }}>−</IconButton>
        <Typography aria-live="polite" data-testid="party-size" sx={{ fontSize: 32, fontWeight: 800, minWidth: 80, textAlign: 'center' }}>{fill(T.party, { count: party })}</Typography>
        <IconButton aria-label={T.book.more} onClick={() => setParty((p) => Math.min(info.partyMax, p + 1))} disabled={party >= info.partyMax} sx={{ border: 1, borderColor: 'divider', width: 56, height: 56, fontSize: 28 }}>+</IconButton>
      </Stack>
      {deposit > 0 && (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{`${T.book.card} · ${fill(T.deposit, { amount: won(deposit) })}`}</Typography>
          {cardField('cardNumber', T.book.cardNumber, 'numeric', 19)}
          <Stack direction="row" spacing={1}>
            {cardField('expiry', T.book.expiry, 'numeric', 5)}
            {cardField('password', T.book.password, 'numeric', 2)}
          </Stack>
          {cardField('birth', T.book.birth, 'numeric', 6)}
          <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{T.book.cardNote}</Typography>
        </Stack>
      )}
      <FormControlLabel control={<Checkbox checked={privacy} onChange={(e) => setPrivacy(e.target.checked)} />} label={T.book.privacy} sx={{ mt: 1, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }} />
      <FormControlLabel control={<Checkbox checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />} label={T.book.marketing} sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }} />
      {error && <FormHelperText error role="alert" sx={{ fontSize: 14 }}>{error}</FormHelperText>}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, minHeight: 56, fontSize: 18 }}>{T.book.submit}</Button>
      <Ask
        open={paying} title={T.book.payTitle} yes={T.book.pay} onYes={() => void send()} onNo={() => setPaying(false)}
        body={startsAt ? fill(T.book.payBody, { when: bookingWhen(startsAt), count: party, amount: won(deposit) }) : ''}
      />
    </Paper>
  );
}

function ChangeForm({ api, info, booking, onDone, onBack }: { api: Api; info: Info; booking: Booking; onDone: (list: Booking[]) => void; onBack: () => void }) {
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!startsAt) return setError(T.book.pickTime);
    setBusy(true);
    setError(null);
    try {
      onDone(await api.change(booking.idx, startsAt));
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <Paper component="form" noValidate onSubmit={submit} sx={{ p: 3 }} elevation={0}>
      <Typography variant="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 2 }}>{fill(T.book.changeTitle, { when: booking.when })}</Typography>
      <SlotPicker api={api} info={info} picked={startsAt} onPick={setStartsAt} />
      {error && <FormHelperText error role="alert" sx={{ fontSize: 14 }}>{error}</FormHelperText>}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, minHeight: 56, fontSize: 18 }}>{T.book.submitChange}</Button>
      <Button variant="text" size="large" fullWidth sx={{ mt: 1, minHeight: 48 }} onClick={onBack}>{T.book.back}</Button>
    </Paper>
  );
}

function MyBookings({ list, onChange, onCancel }: { list: Booking[]; onChange: (b: Booking) => void; onCancel: (b: Booking) => Promise<void> }) {
  const [asking, setAsking] = useState<Booking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    const b = asking!;
    setAsking(null);
    setError(null);
    try {
      await onCancel(b);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const note = (b: Booking) => (b.depositAmount > 0 ? fill(b.refundOnCancel ? T.cancelRefund : T.cancelKept, { amount: won(b.depositAmount) }) : T.cancelFree);
  return (
    <Paper sx={{ p: 3 }} elevation={0}>
      <Typography variant="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 1 }}>{T.mine}</Typography>
      {error && <Alert severity="error" sx={{ mb: 1 }}>{error}</Alert>}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {list.map((b) => (
          <Box component="li" key={b.idx} data-testid="my-booking" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
            <Typography sx={{ fontWeight: 800, fontSize: 18 }}>{b.when}</Typography>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', my: 0.5 }}>
              <Chip size="small" color={b.status === 'confirmed' ? 'success' : b.status === 'requested' ? 'warning' : 'default'} label={T.status[b.status]} />
              <Chip size="small" variant="outlined" label={fill(T.party, { count: b.partySize })} />
              {b.depositAmount > 0 && <Chip size="small" variant="outlined" label={`${fill(T.deposit, { amount: won(b.depositAmount) })} · ${T.depositStatus[b.depositStatus as Exclude<DepositStatus, 'none'>]}`} />}
            </Stack>
            {b.canChange && <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{fill(T.freeUntil, { when: bookingWhen(b.freeCancelUntil) })}</Typography>}
            {(b.canChange || b.canCancel) && (
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                {b.canChange && <Button variant="outlined" sx={{ minHeight: 48, flex: 1 }} onClick={() => onChange(b)}>{T.change}</Button>}
                {b.canCancel && <Button variant="outlined" color="error" sx={{ minHeight: 48, flex: 1 }} onClick={() => setAsking(b)}>{T.cancel}</Button>}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      <Ask open={asking !== null} title={T.cancelTitle} body={asking ? note(asking) : ''} yes={T.yes} onYes={() => void cancel()} onNo={() => setAsking(null)} />
    </Paper>
  );
}

export function ReservationGuestApp({ loungeKey, reservationIdx }: { loungeKey: string; reservationIdx: number }) {
  const [token, setToken] = useState<string | null>(() => loungeToken.get(loungeKey));
  const api = useApi(loungeKey, reservationIdx, token);
  const [info, setInfo] = useState<Info | null>(null);
  const [mine, setMine] = useState<Booking[] | null>(null);
  const [changing, setChanging] = useState<Booking | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setInfo(await api.info());
      if (token) setMine(await api.mine());
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401) {
        loungeToken.clear(loungeKey);
        setToken(null);
      } else setError(messageOf(err));
    }
  }, [api, token, loungeKey]);
  useEffect(() => { void load(); }, [load]);

  const signedIn = (t: string) => {
    loungeToken.set(loungeKey, t);
    setToken(t);
  };
  const done = (text: string) => (list: Booking[]) => {
    setMine(list);
    setChanging(null);
    setNotice(text);
  };
  const live = mine?.filter((b) => b.status === 'requested' || b.status === 'confirmed') ?? [];
  return (
    <GuestPageFrame place={info} error={error} loadingText={T.loading} summary={(info) => (
      <>
        <Typography sx={{ mt: 1, fontSize: 14 }}>{fill(T.policy, { min: info.partyMin, max: info.partyMax, hours: info.freeCancelHours })}</Typography>
        {info.deposit ? <Typography sx={{ fontSize: 14 }}>{fill(T.depositPolicy, { amount: won(info.deposit) })}</Typography> : null}
      </>
    )}>
      {(info) => (
        <>
          {notice && <Alert severity="success" onClose={() => setNotice(null)} data-testid="reservation-notice">{notice}</Alert>}
          {!token && (
            <PhoneSignIn title={T.signInTitle} help={T.signInHelp} failed={T.loadFailed} onSignedIn={signedIn} sendCode={api.sendCode} verify={api.verify} />
          )}
          {token && mine && live.length > 0 && !changing && (
            <MyBookings list={live} onChange={setChanging} onCancel={async (b) => done(T.cancelled)(await api.cancel(b.idx))} />
          )}
          {token && mine && changing && (
            <ChangeForm api={api} info={info} booking={changing} onDone={done(T.changed)} onBack={() => setChanging(null)} />
          )}
          {token && mine && !changing && <BookForm key={mine.length} api={api} info={info} onDone={done(T.booked)} />}
        </>
      )}
    </GuestPageFrame>
  );
}
