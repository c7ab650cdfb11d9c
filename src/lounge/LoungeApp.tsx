import { useCallback, useEffect, useState, type FormEvent } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loungeKo } from '../i18n/lounge.ko';
import { ApiRequestError } from '../providers/http';
import { seoulDate } from '../domain/seoulDay';
import { LOUNGE_MSG, STAFF_PIN_PATTERN } from '../domain/lounge';
import { loungeApi, loungeToken, type LoungeInfo, type Wallet, type WalletCoupon, type WalletMembership } from './api';
import { Barcode } from './Barcode';
import { LoungeTheme } from './look/LoungeTheme';
import { Section } from './look/Section';
import { LoungeHeader } from './look/LoungeHeader';
import { MembershipOffers } from './look/MembershipOffers';
import { StampCardSection } from './look/StampCard';
import { PhoneSignIn } from './look/PhoneSignIn';
import { fillMessage as fill } from '../domain/josa';

/**
 * The customer's lounge (issue 11 item 8), its own light app at /lounge/{loungeKey}: no partner
 * session, no react-admin. Mobile first (one 480 px column). Signed out it asks for the phone and
 * the texted code; signed in it shows the customer's memberships (each card with its benefits, links and
 * coupons; and those to join), certificates, coupons (an offline coupon opens with its Code 128 barcode and
 * the staff confirmation, an online one with its code to copy and the customer's confirmation) and stamp card.
 */
const T = loungeKo.lounge;
const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : T.loadFailed);

/** An online coupon's code, with a copy button and what the copy did (read out by screen readers). */
function CouponCode({ code }: { code: string }) {
  const [copied, setCopied] = useState<'done' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Box sx={{ p: 2, border: '1px dashed', borderColor: 'grey.400', borderRadius: 2 }}>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{T.coupons.code}</Typography>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography data-testid="coupon-code"
          sx={{ fontFamily: 'monospace', fontSize: 22, fontWeight: 700, letterSpacing: 1, wordBreak: 'break-all', userSelect: 'all' }}>
          {code}
        </Typography>
        <Button variant="outlined" size="small" onClick={() => void copy()}>{T.coupons.copy}</Button>
      </Stack>
      <Typography role="status" sx={{ fontSize: 13, mt: 0.5, color: copied === 'failed' ? 'error.main' : 'text.secondary' }}>
        {copied === 'done' ? T.coupons.copied : copied === 'failed' ? T.coupons.copyFailed : ''}
      </Typography>
    </Box>
  );
}

/**
 * A coupon opened from the wallet or a membership card. Offline, staff confirm it on the customer's
 * phone (barcode, store, the staff PIN when the coupon asks for it); online, the customer copies its
 * code (or opens its URL) and marks it used after a confirmation (issue 23 item 3).
 */
function CouponDialog({ coupon, onClose, onRedeem }: {
  coupon: WalletCoupon; onClose: () => void; onRedeem: (pin: string | null, storeIdx: number | null) => Promise<void>;
}) {
  const [pin, setPin] = useState('');
  const [store, setStore] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const usable = coupon.state === 'usable';
  const redeem = async () => {
    setBusy(true);
    setError(null);
    try {
      await onRedeem(coupon.usePassword ? pin : null, store ? Number(store) : null);
    } catch (err) {
      setError(messageOf(err));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (coupon.storeRequired && !store) return setError(LOUNGE_MSG.storeRequired);
    if (coupon.usePassword && !STAFF_PIN_PATTERN.test(pin)) return setError(LOUNGE_MSG.pinRequired);
    // An online coupon is used by the customer alone: one tap only asks; the second confirms.
    if (coupon.online && !confirming) {
      setError(null);
      return setConfirming(true);
    }
    await redeem();
  };
  const pinField = coupon.usePassword && (
    <TextField
      label={T.coupons.pin} type="password" value={pin} onChange={(e) => setPin(e.target.value)} fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'off' } }}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="coupon-title">
      <DialogTitle id="coupon-title">{coupon.title}</DialogTitle>
      <DialogContent>
        <Chip label={coupon.stateLabel} color={usable ? 'success' : 'default'} size="small" sx={{ mb: 2 }} />
        {coupon.online ? (
          <>
            {coupon.code && <CouponCode code={coupon.code} />}
            <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 1 }}>{T.coupons.onlineHelp}</Typography>
            {coupon.url && (
              <Button href={coupon.url} target="_blank" rel="noopener noreferrer" variant="outlined" fullWidth sx={{ mt: 1 }}
                aria-label={`${T.coupons.openUrl} (${T.memberships.newWindow})`}>
                {T.coupons.openUrl}
              </Button>
            )}
          </>
        ) : <Barcode value={coupon.barcode} label={fill(T.coupons.barcode, { code: coupon.barcode })} />}
        <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 1 }}>{fill(T.coupons.until, { day: seoulDate(coupon.expiresAt) })}</Typography>
        {usable && coupon.online && (
          <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2 }}>
            <Stack spacing={1.5}>
              {pinField}
              {confirming && (
                <Box role="group" aria-labelledby="coupon-confirm-title" sx={{ p: 2, bgcolor: '#f3f4f6', borderRadius: 2 }}>
                  <Typography id="coupon-confirm-title" sx={{ fontWeight: 700 }}>{fill(T.coupons.confirmTitle, { title: coupon.title })}</Typography>
                  <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>{T.coupons.confirmHelp}</Typography>
                </Box>
              )}
              {error && <Alert severity="error">{error}</Alert>}
              {confirming ? (
                <Stack direction="row" spacing={1}>
                  <Button variant="outlined" size="large" fullWidth onClick={() => setConfirming(false)} disabled={busy}>{T.coupons.cancel}</Button>
                  <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} autoFocus>{T.coupons.confirm}</Button>
                </Stack>
              ) : <Button type="submit" variant="contained" size="large" disabled={busy}>{T.coupons.redeem}</Button>}
            </Stack>
          </Box>
        )}
        {usable && !coupon.online && (
          <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2, p: 2, bgcolor: '#f3f4f6', borderRadius: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>{T.coupons.staffTitle}</Typography>
            <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1.5 }}>{T.coupons.staffHelp}</Typography>
            <Stack spacing={1.5}>
              {coupon.stores.length > 0 && (
                <TextField
                  select label={T.coupons.store} value={store} onChange={(e) => setStore(e.target.value)} fullWidth
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{coupon.storeRequired ? T.coupons.storeChoose : T.coupons.storeNone}</option>
                  {coupon.stores.map((s) => <option key={s.idx} value={s.idx}>{s.name}</option>)}
                </TextField>
              )}
              {pinField}
              {error && <Alert severity="error">{error}</Alert>}
              <Button type="submit" variant="contained" size="large" disabled={busy}>{T.coupons.redeem}</Button>
            </Stack>
          </Box>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{T.coupons.close}</Button></DialogActions>
    </Dialog>
  );
}

/** A coupon in a list: a button named by what it shows (title, until when, state), opening the coupon. */
function CouponButton({ coupon, onOpen }: { coupon: WalletCoupon; onOpen: (c: WalletCoupon) => void }) {
  return (
    <Paper variant="outlined" component="button" type="button" onClick={() => onOpen(coupon)}
      // Undimmed: the state chip tells a used or expired coupon apart, and dimmed text fell below 4.5:1 (WCAG 1.4.3, 2.5.3).
      sx={{ p: 2, textAlign: 'left', width: '100%', cursor: 'pointer', font: 'inherit' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{coupon.title}</Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{fill(T.coupons.until, { day: seoulDate(coupon.expiresAt) })}</Typography>
        </Box>
        <Chip label={coupon.stateLabel} size="small" color={coupon.state === 'usable' ? 'success' : 'default'} />
      </Stack>
    </Paper>
  );
}

/** What the brand put on a joined membership's card: its benefits, links and the coupons it gave (issue 23 item 2). */
function MembershipCardDetails({ membership: m, onOpenCoupon }: { membership: WalletMembership; onOpenCoupon: (c: WalletCoupon) => void }) {
  const benefits = m.benefits ?? [];
  const links = m.links ?? [];
  const coupons = m.coupons ?? [];
  if (!benefits.length && !links.length && !coupons.length) return null;
  const heading = (text: string) => <Typography component="h3" sx={{ fontSize: 15, fontWeight: 700, mt: 1.5, mb: 0.5 }}>{text}</Typography>;
  return (
    <Paper variant="outlined" sx={{ px: 2, pb: 2, pt: 0.5, mt: -1, borderTopLeftRadius: 0, borderTopRightRadius: 0 }}>
      {benefits.length > 0 && (
        <>
          {heading(T.memberships.benefits)}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {benefits.map((b, i) => (
              <li key={i}>
                <Typography component="span" sx={{ fontWeight: 600 }}>{b.title}</Typography>
                {b.contents && <Typography sx={{ fontSize: 14, color: 'text.secondary', whiteSpace: 'pre-wrap' }}>{b.contents}</Typography>}
              </li>
            ))}
          </Box>
        </>
      )}
      {links.length > 0 && (
        <>
          {heading(T.memberships.links)}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {links.map((l, i) => (
              <Button key={i} href={l.url} target="_blank" rel="noopener noreferrer" variant="outlined" size="small"
                aria-label={`${l.name} (${T.memberships.newWindow})`}>
                {l.name}
              </Button>
            ))}
          </Stack>
        </>
      )}
      {coupons.length > 0 && (
        <>
          {heading(T.memberships.coupons)}
          <Stack spacing={1}>{coupons.map((c) => <CouponButton key={c.idx} coupon={c} onOpen={onOpenCoupon} />)}</Stack>
        </>
      )}
    </Paper>
  );
}

function WalletView({ loungeKey, token, info, onSignedOut }: { loungeKey: string; token: string; info: LoungeInfo; onSignedOut: () => void }) {
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [openCoupon, setOpenCoupon] = useState<WalletCoupon | null>(null);

  const load = useCallback(async () => {
    try {
      setWallet(await loungeApi.me(loungeKey, token));
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401) onSignedOut();
      else setError(messageOf(err));
    }
  }, [loungeKey, token, onSignedOut]);
  useEffect(() => void load(), [load]);

  if (!wallet) return error ? <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert> : <Typography sx={{ mt: 2 }}>{T.loading}</Typography>;
  const held = new Set(wallet.memberships.filter((m) => m.statusLabel !== '발급 취소').map((m) => m.templateIdx));
  const offers = info.memberships.filter((m) => !held.has(m.idx));
  const join = async (idx: number) => {
    setError(null);
    try {
      await loungeApi.join(loungeKey, token, idx);
      setNotice(T.memberships.joined);
      await load();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const redeem = async (pin: string | null, storeIdx: number | null) => {
    await loungeApi.redeem(loungeKey, token, openCoupon!.idx, pin, storeIdx);
    setOpenCoupon(null);
    setNotice(T.coupons.redeemed);
    await load();
  };
  const signOut = async () => {
    await loungeApi.signOut(loungeKey, token).catch(() => undefined);
    onSignedOut();
  };

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{fill(T.greeting, { name: wallet.customer.name })}</Typography>
        <Button size="small" onClick={() => void signOut()}>{T.signOut}</Button>
      </Stack>
      <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{wallet.customer.phoneMasked}</Typography>
      {notice && <Alert severity="success" sx={{ mt: 2 }} onClose={() => setNotice(null)}>{notice}</Alert>}
      {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}

      <Section title={T.memberships.title}>
        <Stack spacing={1.5}>
          {wallet.memberships.map((m) => (
            <Box key={m.idx} role="group" aria-label={m.name}>
              <Paper elevation={0} sx={{
                p: 2.5, color: '#fff', borderRadius: 3, minHeight: 140, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', position: 'relative',
                background: m.backgroundUrl ? `linear-gradient(rgba(0,0,0,.1),rgba(0,0,0,.6)), url(${m.backgroundUrl}) center/cover` : '#2b2f36',
              }}>
                <Chip label={m.statusLabel} size="small" sx={{ alignSelf: 'flex-start', bgcolor: '#1b7a43', color: '#fff', mb: 1 }} />
                <Typography sx={{ fontSize: 20, fontWeight: 700 }}>{m.name}</Typography>
                <Typography sx={{ fontSize: 13, opacity: 0.9 }}>{T.memberships.number} {m.nftNumber}</Typography>
                {m.status === 1 && <Typography sx={{ fontSize: 13 }}>{T.memberships.waitingHelp}</Typography>}
                {m.endDay && <Typography sx={{ fontSize: 13 }}>{fill(T.memberships.until, { day: m.endDay })}</Typography>}
              </Paper>
              <MembershipCardDetails membership={m} onOpenCoupon={setOpenCoupon} />
            </Box>
          ))}
        </Stack>
        {offers.length > 0 && <MembershipOffers offers={offers} onJoin={(idx) => void join(idx)} />}
        {offers.length === 0 && wallet.memberships.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{T.memberships.empty}</Typography>}
      </Section>

      <Section title={T.coupons.title}>
        {wallet.coupons.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{T.coupons.empty}</Typography> : (
          <Stack spacing={1}>
            {wallet.coupons.map((c) => <CouponButton key={c.idx} coupon={c} onOpen={setOpenCoupon} />)}
          </Stack>
        )}
      </Section>

      <Section title={T.certificates.title}>
        {wallet.certificates.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{T.certificates.empty}</Typography> : (
          <Stack spacing={1}>
            {wallet.certificates.map((c) => (
              <Paper key={c.idx} variant="outlined" sx={{ p: 2 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700 }}>{c.productName}</Typography>
                    <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{c.nftNumber}</Typography>
                  </Box>
                  <Chip label={c.statusLabel} size="small" />
                </Stack>
                <Button href={c.url} size="small" sx={{ mt: 1 }}>{T.certificates.open}</Button>
              </Paper>
            ))}
          </Stack>
        )}
      </Section>

      {info.lounge.showStamp && <StampCardSection card={wallet.stampCard} />}

      {openCoupon && <CouponDialog coupon={openCoupon} onClose={() => setOpenCoupon(null)} onRedeem={redeem} />}
    </>
  );
}

export function LoungeApp({ loungeKey }: { loungeKey: string }) {
  const [info, setInfo] = useState<LoungeInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(() => loungeToken.get(loungeKey));

  useEffect(() => {
    loungeApi.info(loungeKey).then(setInfo, (err: unknown) => setError(messageOf(err)));
  }, [loungeKey]);
  const signedIn = (t: string) => {
    loungeToken.set(loungeKey, t);
    setToken(t);
  };
  const signedOut = useCallback(() => {
    loungeToken.clear(loungeKey);
    setToken(null);
  }, [loungeKey]);

  return (
    <LoungeTheme>
      <CssBaseline />
      <Box component="main" sx={{ maxWidth: 480, mx: 'auto', px: 2, py: 3, minHeight: '100vh' }}>
        {error && <Alert severity="error">{error}</Alert>}
        {!error && !info && <Typography>{T.loading}</Typography>}
        {info && (
          <>
            <LoungeHeader look={info.lounge} brandName={info.brandName} />
            {token
              ? <WalletView loungeKey={loungeKey} token={token} info={info} onSignedOut={signedOut} />
              : <PhoneSignIn
                  title={T.signIn.title} help={T.signIn.help} failed={T.loadFailed} onSignedIn={signedIn} sx={{ mt: 2 }}
                  sendCode={(phone) => loungeApi.sendCode(loungeKey, phone)}
                  verify={async (phone, code) => (await loungeApi.verify(loungeKey, phone, code)).token}
                />}
          </>
        )}
      </Box>
    </LoungeTheme>
  );
}
