import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { STAMP_MEMO_MAX, stampVisitSchema } from '../../domain/stamp';
import { PHONE_INPUT_MAX_LENGTH } from '../../domain/patterns';
import { ApiRequestError } from '../../providers/http';
import { presentError } from '../../dataProvider/errors';
import { stampApi, type VisitResult } from './api';

/**
 * Staff confirm a customer's visit (POST /v1/admin/stamps) by the customer's phone number: one
 * stamp, and the reward coupon when it completes the card. The shared schema checks the phone first;
 * the server's field errors land under their inputs, other refusals are presented as usual.
 */
export function VisitDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (r: VisitResult) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [phone, setPhone] = useState('');
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPhone('');
    setMemo('');
    setErrors({});
    onClose();
  };
  const submit = async () => {
    try {
      await stampVisitSchema.validate({ phone, memo }, { abortEarly: false });
    } catch (err) {
      setErrors(Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message])));
      return;
    }
    setBusy(true);
    try {
      const result = await stampApi.visit({ phone, ...(memo.trim() ? { memo: memo.trim() } : {}) });
      const name = result.customerName;
      if (result.rewarded) notify(translate('stamp.visitRewarded', { name }), { type: 'success' });
      else if (result.rewardFailed) notify(translate('stamp.visitRewardFailed', { name }), { type: 'warning' });
      else notify(translate('stamp.visitDone', { name, count: result.count, goal: result.goal }), { type: 'success' });
      onDone(result);
      close();
    } catch (err) {
      if (err instanceof ApiRequestError && (err.errors || err.code === 'NOT_FOUND')) setErrors(err.errors ?? { phone: err.message });
      else presentError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="visit-title" fullWidth maxWidth="xs">
      <DialogTitle id="visit-title">{translate('stamp.visitTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('stamp.visitHelp')}</Typography>
        <Stack spacing={2}>
          <TextField
            label={translate('stamp.visitPhone')} value={phone} autoFocus placeholder="010-0000-0000"
            onChange={(e) => setPhone(e.target.value)} error={Boolean(errors.phone)} helperText={errors.phone}
            slotProps={{ htmlInput: { maxLength: PHONE_INPUT_MAX_LENGTH, inputMode: 'tel' } }}
            onKeyDown={(e) => { if (e.key === 'Enter') void submit(); }}
          />
          <TextField
            label={translate('stamp.visitMemo')} value={memo} onChange={(e) => setMemo(e.target.value)}
            error={Boolean(errors.memo)} helperText={errors.memo} slotProps={{ htmlInput: { maxLength: STAMP_MEMO_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('app.common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>{translate('stamp.visitSubmit')}</Button>
      </DialogActions>
    </Dialog>
  );
}
