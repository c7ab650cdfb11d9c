import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { loungeKo } from '../../i18n/lounge.ko';
import { ApiRequestError } from '../../providers/http';
import { isLoungePhone, isOtpCode, LOUNGE_MSG } from '../../domain/lounge';

const S = loungeKo.lounge.signIn;

export interface PhoneSignInProps {
  title: string;
  help: string;
  sendCode: (phone: string) => Promise<unknown>;
  /** Checks the texted code; answers the customer's session token. */
  verify: (phone: string, code: string) => Promise<string>;
  onSignedIn: (token: string) => void;
  /** The text of a failure that is not the server's own message. */
  failed: string;
  sx?: SxProps<Theme>;
}

/**
 * The customer's phone sign-in (a texted code, the lounge's session), shared by the lounge and the
 * waiting guest's page (issue 26: the guest pages reuse the lounge's phone sign-in).
 */
export function PhoneSignIn({ title, help, sendCode, verify, onSignedIn, failed, sx }: PhoneSignInProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<{ field: 'phone' | 'code'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : failed);

  const send = async () => {
    if (!isLoungePhone(phone)) return setError({ field: 'phone', message: LOUNGE_MSG.phoneInvalid });
    setBusy(true);
    setError(null);
    try {
      await sendCode(phone);
      setSent(true);
    } catch (err) {
      setError({ field: 'phone', message: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!sent) return send();
    if (!isOtpCode(code.trim())) return setError({ field: 'code', message: LOUNGE_MSG.codeInvalid });
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await verify(phone, code.trim()));
    } catch (err) {
      setError({ field: 'code', message: messageOf(err) });
      setBusy(false);
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={submit} sx={[{ p: 3 }, ...(Array.isArray(sx) ? sx : [sx])]} elevation={0}>
      <Typography variant="h2" sx={{ fontSize: 20, fontWeight: 700 }}>{title}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2, fontSize: 14 }}>{help}</Typography>
      <Stack spacing={1.5}>
        <TextField
          label={S.phone} placeholder={S.phonePlaceholder} value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" fullWidth
          error={error?.field === 'phone'} helperText={error?.field === 'phone' ? error.message : undefined}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 13 } }}
        />
        <Button variant={sent ? 'outlined' : 'contained'} size="large" onClick={() => void send()} disabled={busy}>{sent ? S.resend : S.send}</Button>
        {sent && (
          <>
            <Alert severity="info">{S.sent}</Alert>
            <TextField
              label={S.code} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" fullWidth
              error={error?.field === 'code'} helperText={error?.field === 'code' ? error.message : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>{S.verify}</Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
