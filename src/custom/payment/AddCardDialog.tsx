import { useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ValidationError } from 'yup';
import { CARD_FIELDS, CARD_GROUP_LENGTH, IDENTITY_MAX, PAYMENT_CARD_MSG, paymentCardSchema } from '../../domain/paymentCard';
import { ApiRequestError, apiRequest } from '../../providers/http';
import { useShellText } from '../../layout/useShellText';
import { PAYMENT_METHODS_QUERY_KEY } from './paymentApi';

type Field = (typeof CARD_FIELDS)[number] | 'cardExpirationMonth' | 'cardExpirationYear' | 'cardPassword' | 'customerIdentityNumber' | 'customerEmail';
type Values = Record<Field, string>;
const EMPTY: Values = {
  cardNumber1: '', cardNumber2: '', cardNumber3: '', cardNumber4: '',
  cardExpirationMonth: '', cardExpirationYear: '', cardPassword: '', customerIdentityNumber: '', customerEmail: '',
};

/** Where focus goes once a field holds its full length (spec 1 §5): card group → next group → month → year, password → identity. */
const ADVANCE: Partial<Record<Field, { length: number; next: Field }>> = {
  cardNumber1: { length: CARD_GROUP_LENGTH, next: 'cardNumber2' },
  cardNumber2: { length: CARD_GROUP_LENGTH, next: 'cardNumber3' },
  cardNumber3: { length: CARD_GROUP_LENGTH, next: 'cardNumber4' },
  cardExpirationMonth: { length: 2, next: 'cardExpirationYear' },
  cardPassword: { length: 2, next: 'customerIdentityNumber' },
};

const MAX: Record<Field, number> = {
  cardNumber1: 4, cardNumber2: 4, cardNumber3: 4, cardNumber4: 4,
  cardExpirationMonth: 2, cardExpirationYear: 2, cardPassword: 2, customerIdentityNumber: IDENTITY_MAX, customerEmail: 254,
};

/** The failure text of a refused registration (spec 1 §8). */
export function registrationErrorText(err: unknown): string {
  if (err instanceof ApiRequestError && err.status === 400) {
    if (err.code === ('ALREADY_REGISTERED_BILLING' as string) || err.message === 'ALREADY_REGISTERED_BILLING') return PAYMENT_CARD_MSG.alreadyRegistered;
    return err.message || PAYMENT_CARD_MSG.registerFailed;
  }
  return PAYMENT_CARD_MSG.registerFailed;
}

/**
 * The add-card dialog (spec 1 §5, issue 12 item 2): validated with `paymentCardSchema` (the server's
 * rule), focus advancing on its own, Enter submitting. The e-mail field shows only while the
 * account has no payment e-mail. Success closes the dialog with the card-registered toast.
 */
export function AddCardDialog({ open, onClose, needsEmail, onRegistered }: { open: boolean; onClose: () => void; needsEmail: boolean; onRegistered?: () => void }) {
  const t = useShellText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const change = (field: Field, raw: string) => {
    const pasted = raw.replace(/\D/g, '');
    if (field === 'cardNumber1' && pasted.length > CARD_GROUP_LENGTH) {
      // A whole card number pasted into the first group fills the four groups.
      const groups = CARD_FIELDS.map((_, i) => pasted.slice(i * CARD_GROUP_LENGTH, (i + 1) * CARD_GROUP_LENGTH));
      setValues((v) => ({ ...v, ...Object.fromEntries(CARD_FIELDS.map((f, i) => [f, groups[i]])) }));
      setErrors({});
      const firstShort = CARD_FIELDS.findIndex((_, i) => groups[i].length < CARD_GROUP_LENGTH);
      refs.current[firstShort === -1 ? 'cardExpirationMonth' : CARD_FIELDS[firstShort]]?.focus();
      return;
    }
    const value = field === 'customerEmail' ? raw : raw.replace(/\D/g, '').slice(0, MAX[field]);
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    const advance = ADVANCE[field];
    if (advance && value.length >= advance.length) refs.current[advance.next]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    let body: Values;
    try {
      body = (await paymentCardSchema.validate(values, { abortEarly: false, context: { needsEmail, now: new Date() } })) as Values;
    } catch (err) {
      if (err instanceof ValidationError) {
        const next: Partial<Record<Field, string>> = {};
        for (const e of err.inner) if (e.path && !next[e.path as Field]) next[e.path as Field] = e.message;
        setErrors(next);
        return;
      }
      throw err;
    }
    const payload: Partial<Values> = { ...body };
    if (!needsEmail && !payload.customerEmail) delete payload.customerEmail;
    setBusy(true);
    try {
      await apiRequest('/v2/method/card', { base: 'payment', method: 'POST', body: payload });
      await queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
      notify(PAYMENT_CARD_MSG.registered, { type: 'success' });
      onRegistered?.();
      close();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 400 && err.errors) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const [k, v] of Object.entries(err.errors)) if (k in EMPTY) fieldErrors[k as Field] = Array.isArray(v) ? String(v[0]) : String(v);
        setErrors(fieldErrors);
      }
      setFailure(registrationErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  /** `grouped`: one of the card number's four narrow boxes, named for screen readers only (a visible label would not fit, issue 23 #15). */
  const input = (field: Field, label: string, extra: { width?: number | string; type?: string; autoFocus?: boolean; mask?: boolean; grouped?: boolean } = {}) => (
    <TextField
      key={field}
      label={extra.grouped ? undefined : label}
      placeholder={extra.grouped ? '0000' : undefined}
      value={values[field]}
      onChange={(e) => change(field, e.target.value)}
      inputRef={(el: HTMLInputElement | null) => { refs.current[field] = el; }}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      size="small"
      autoFocus={extra.autoFocus}
      type={extra.mask ? 'password' : (extra.type ?? 'text')}
      autoComplete="off"
      sx={{ width: extra.width ?? '100%' }}
      slotProps={{ htmlInput: { inputMode: field === 'customerEmail' ? 'email' : 'numeric', maxLength: field === 'cardNumber1' ? 19 : MAX[field], name: field, 'aria-label': extra.grouped ? label : undefined } }}
    />
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby="add-card-dialog-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-card-dialog-title">{t('billing.cards.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <Box>
              <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }} id="add-card-number-label">{t('billing.cards.cardNumber')}</Typography>
              <Stack direction="row" spacing={1} role="group" aria-labelledby="add-card-number-label">
                {CARD_FIELDS.map((f, i) => input(f, t('billing.cards.cardNumberGroup', { n: i + 1 }), { autoFocus: i === 0, grouped: true }))}
              </Stack>
            </Box>
            <Box>
              <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>{t('billing.cards.expiration')}</Typography>
              <Stack direction="row" spacing={1}>
                {input('cardExpirationMonth', t('billing.cards.expirationMonth'))}
                {input('cardExpirationYear', t('billing.cards.expirationYear'))}
              </Stack>
            </Box>
            {input('cardPassword', t('billing.cards.password'), { mask: true })}
            {input('customerIdentityNumber', t('billing.cards.identity'))}
            {needsEmail && input('customerEmail', t('billing.cards.email'), { type: 'email' })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit">{t('billing.cards.cancel')}</Button>
          <Button type="submit" variant="contained" disableElevation disabled={busy}>{t('billing.cards.submit')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
