import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { waitingGuestKo } from '../i18n/waitingGuest.ko';
import { ApiRequestError, apiRequest } from '../providers/http';
import { LOUNGE_TOKEN_HEADER } from '../domain/lounge';
import { MAX_PUSH_BACKS, WAITING_MSG } from '../domain/waiting';
import { fillMessage as fill } from '../domain/josa';
import { GuestPageFrame } from '../lounge/look/GuestPageFrame';
import { loungeToken } from '../lounge/api';
import { PhoneSignIn } from '../lounge/look/PhoneSignIn';

/**
 * The guest's waiting page (issue 26, docs/api/waiting.md), its own light app at
 * /waiting/{loungeKey}/{eventIdx} (the event's QR link): no partner session, no react-admin, one
 * 480 px column checked at 390 px. The guest signs in by phone as in the lounge (a texted code, the
 * lounge's session), registers with the party size and consents, then sees the place in line,
 * asked again every 5 seconds (polling: docs/api/waiting.md says why), confirms a call, pushes back
 * or cancels.
 */
const T = waitingGuestKo.waitingGuest;
const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : T.loadFailed);
const base = (key: string, idx: number) => `/v1/public/waiting/${key}/${idx}`;

interface EventInfo {
  brandName: string; name: string; address: string; startAt: string; endAt: string; status: string; maxGuests: number;
  state: string; pausedUntil: string | null; refusal: string | null; teamsWaiting: number; estimateMinutes: number; pollMs: number;
}
interface Entry {
  idx: number; ticketNo: number; status: 'request' | 'called' | 'enter' | 'cancel'; cancelReason: string | null; partySize: number; pushBacks: number;
  position: number | null; estimateMinutes: number | null; calledAt: string | null; confirmedAt: string | null; confirmBy: string | null; arriveBy: string | null;
}

/** The guest's calls, the same object until the event or the guest's token changes. */
function useApi(loungeKey: string, eventIdx: number, token: string | null) {
  return useMemo(() => guestApi(base(loungeKey, eventIdx), token), [loungeKey, eventIdx, token]);
}

function guestApi(path: string, token: string | null) {
  const as = token ? { headers: { [LOUNGE_TOKEN_HEADER]: token } } : {};
  return {
    info: () => apiRequest<EventInfo>(path, { base: 'waiting', anonymous: true }),
    sendCode: (phone: string) => apiRequest<{ expiresAt: string }>(`${path}/otp`, { base: 'waiting', anonymous: true, body: { phone } }),
    verify: (phone: string, code: string) => apiRequest<{ token: string }>(`${path}/otp/verify`, { base: 'waiting', anonymous: true, body: { phone, code } }),
    me: () => apiRequest<Entry | null>(`${path}/me`, { base: 'waiting', anonymous: true, ...as }),
    register: (body: { partySize: number; agreePrivacy: string; agreeMarketing: string }) =>
      apiRequest<Entry>(`${path}/register`, { base: 'waiting', anonymous: true, body, ...as }),
    move: (what: 'confirm' | 'push-back' | 'cancel') => apiRequest<Entry>(`${path}/me/${what}`, { base: 'waiting', anonymous: true, method: 'POST', ...as }),
  };
}

function RegisterForm({ info, onRegister }: { info: EventInfo; onRegister: (body: { partySize: number; agreePrivacy: string; agreeMarketing: string }) => Promise<void> }) {
  const [party, setParty] = useState(Math.min(2, info.maxGuests));
  const [privacy, setPrivacy] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!privacy) return setError(WAITING_MSG.privacyRequired);
    setBusy(true);
    setError(null);
    try {
      await onRegister({ partySize: party, agreePrivacy: 'Y', agreeMarketing: marketing ? 'Y' : 'N' });
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <Paper component="form" noValidate onSubmit={submit} sx={{ p: 3 }} elevation={0}>
      <Typography variant="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 2 }}>{T.register.title}</Typography>
      <Typography id="party-label" sx={{ fontWeight: 600 }}>{T.register.party}</Typography>
      <Stack direction="row" role="group" aria-labelledby="party-label" sx={{ alignItems: 'center', justifyContent: 'center', gap: 3, my: 1 }}>
        <IconButton aria-label={T.register.less} onClick={() => setParty((p) => Math.max(1, p - 1))} disabled={party <= 1} sx={{ border: 1, borderColor: 'divider', width: 56, height: 56, fontSize: 28 }}>−</IconButton>
        <Typography aria-live="polite" data-testid="party-size" sx={{ fontSize: 32, fontWeight: 800, minWidth: 80, textAlign: 'center' }}>{fill(T.register.partyCount, { count: party })}</Typography>
        <IconButton aria-label={T.register.more} onClick={() => setParty((p) => Math.min(info.maxGuests, p + 1))} disabled={party >= info.maxGuests} sx={{ border: 1, borderColor: 'divider', width: 56, height: 56, fontSize: 28 }}>+</IconButton>
      </Stack>
      <FormControlLabel control={<Checkbox checked={privacy} onChange={(e) => setPrivacy(e.target.checked)} />} label={T.register.privacy} sx={{ mt: 1, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }} />
      <FormControlLabel control={<Checkbox checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />} label={T.register.marketing} sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }} />
      {error && <FormHelperText error role="alert" sx={{ fontSize: 14 }}>{error}</FormHelperText>}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, minHeight: 56, fontSize: 18 }}>{T.register.submit}</Button>
    </Paper>
  );
}

function Ask({ open, title, body, onYes, onNo }: { open: boolean; title: string; body: string; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog open={open} onClose={onNo} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent><Typography>{body}</Typography></DialogContent>
      <DialogActions>
        <Button onClick={onNo}>{T.keep}</Button>
        <Button variant="contained" onClick={onYes}>{T.yes}</Button>
      </DialogActions>
    </Dialog>
  );
}

function EntryView({ entry, onMove, onAgain }: { entry: Entry; onMove: (what: 'confirm' | 'push-back' | 'cancel') => Promise<void>; onAgain: () => void }) {
  const [asking, setAsking] = useState<'push-back' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (what: 'confirm' | 'push-back' | 'cancel') => {
    setAsking(null);
    setError(null);
    try {
      await onMove(what);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  if (entry.status === 'enter' || entry.status === 'cancel') {
    const text = entry.status === 'enter' ? T.entered : entry.cancelReason === 'noShow' ? T.noShow : T.cancelled;
    return (
      <Paper sx={{ p: 3 }} elevation={0}>
        <Alert severity={entry.status === 'enter' ? 'success' : 'warning'} data-testid="entry-final">{text}</Alert>
        <Button variant="outlined" size="large" fullWidth sx={{ mt: 2, minHeight: 52 }} onClick={onAgain}>{T.again}</Button>
      </Paper>
    );
  }
  const left = MAX_PUSH_BACKS - entry.pushBacks;
  return (
    <Paper sx={{ p: 3 }} elevation={0}>
      {entry.status === 'called' && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          <Typography sx={{ fontWeight: 800, fontSize: 18 }}>{T.calledTitle}</Typography>
          <Typography sx={{ fontSize: 14 }}>{entry.confirmedAt ? T.confirmed : T.calledHelp}</Typography>
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-around', textAlign: 'center' }}>
        <Box>
          <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{T.ticket}</Typography>
          <Typography data-testid="ticket-no" sx={{ fontSize: 36, fontWeight: 800 }}>{fill(T.ticketNo, { ticket: entry.ticketNo })}</Typography>
        </Box>
        <Box>
          <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{T.position}</Typography>
          <Typography data-testid="my-position" aria-live="polite" sx={{ fontSize: 36, fontWeight: 800 }}>{fill(T.positionValue, { position: entry.position ?? 0 })}</Typography>
        </Box>
      </Stack>
      <Typography sx={{ textAlign: 'center', mt: 1 }}>
        {`${fill(T.ahead, { count: Math.max(0, (entry.position ?? 1) - 1) })} · ${fill(T.estimate, { minutes: entry.estimateMinutes ?? 0 })}`}
      </Typography>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', fontSize: 12, mt: 0.5 }}>{T.live}</Typography>
      {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      <Stack spacing={1.5} sx={{ mt: 2 }}>
        {entry.status === 'called' && !entry.confirmedAt && (
          <Button variant="contained" color="warning" size="large" sx={{ minHeight: 56, fontSize: 18 }} onClick={() => void run('confirm')}>{T.confirm}</Button>
        )}
        <Button variant="outlined" size="large" sx={{ minHeight: 52 }} disabled={left <= 0} onClick={() => setAsking('push-back')}>{fill(T.pushBackLeft, { count: left })}</Button>
        <Button variant="text" color="error" size="large" sx={{ minHeight: 52 }} onClick={() => setAsking('cancel')}>{T.cancel}</Button>
      </Stack>
      <Ask open={asking === 'push-back'} title={T.pushBackTitle} body={T.pushBackBody} onYes={() => void run('push-back')} onNo={() => setAsking(null)} />
      <Ask open={asking === 'cancel'} title={T.cancelTitle} body={T.cancelBody} onYes={() => void run('cancel')} onNo={() => setAsking(null)} />
    </Paper>
  );
}

export function WaitingGuestApp({ loungeKey, eventIdx }: { loungeKey: string; eventIdx: number }) {
  const [token, setToken] = useState<string | null>(() => loungeToken.get(loungeKey));
  const api = useApi(loungeKey, eventIdx, token);
  const [info, setInfo] = useState<EventInfo | null>(null);
  const [entry, setEntry] = useState<Entry | null | undefined>(undefined);
  const [fresh, setFresh] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // While the guest waits, a poll asks only for their entry (its place); the event's front is read otherwise.
  const waitingRef = useRef(false);
  const load = useCallback(async () => {
    try {
      if (!waitingRef.current) setInfo(await api.info());
      if (token) {
        const mine = await api.me();
        waitingRef.current = mine !== null && (mine.status === 'request' || mine.status === 'called');
        setEntry(mine);
      }
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401) {
        loungeToken.clear(loungeKey);
        setToken(null);
      } else setError(messageOf(err));
    }
  }, [api, loungeKey, token]);

  useEffect(() => {
    void load();
    const every = setInterval(() => void load(), info?.pollMs ?? 5000);
    return () => clearInterval(every);
  }, [load, info?.pollMs]);

  const signedIn = (t: string) => {
    loungeToken.set(loungeKey, t);
    setToken(t);
  };
  const active = entry && (entry.status === 'request' || entry.status === 'called');
  return (
    <GuestPageFrame place={info} error={error} loadingText={T.loading} summary={(info) => (
      <>
        <Typography sx={{ mt: 1, fontWeight: 600 }} data-testid="teams-waiting">
          {`${fill(T.teamsWaiting, { count: info.teamsWaiting })} · ${fill(T.estimate, { minutes: info.estimateMinutes })}`}
        </Typography>
      </>
    )}>
      {(info) => (
        <>
          {!token && (info.refusal ? <Alert severity="info">{info.refusal}</Alert> : <PhoneSignIn
              title={T.signInTitle} help={T.signInHelp} failed={T.loadFailed} onSignedIn={signedIn}
              sendCode={api.sendCode} verify={async (phone, code) => (await api.verify(phone, code)).token}
            />)}
          {token && entry !== undefined && (active || (entry && !fresh)) && entry && (
            <EntryView entry={entry} onMove={async (what) => setEntry(await api.move(what))} onAgain={() => setFresh(true)} />
          )}
          {token && entry !== undefined && !active && (entry === null || fresh) && (
            info.refusal ? <Alert severity="info">{info.refusal}</Alert> : (
              <RegisterForm info={info} onRegister={async (body) => { setEntry(await api.register(body)); setFresh(false); }} />
            )
          )}
        </>
      )}
    </GuestPageFrame>
  );
}
