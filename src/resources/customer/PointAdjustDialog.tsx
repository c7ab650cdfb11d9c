import { useMemo, useState } from 'react';
import * as yup from 'yup';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import TollOutlinedIcon from '@mui/icons-material/TollOutlined';
import { RadioButtonGroupInput, SaveButton, TextInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from '../../framework/Form';
import { ActionConfirm } from '../../framework/ui';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { CUSTOMER_MSG, POINT_ADJUST_MAX, POINT_REASON_MAX } from '../../domain/customer';
import { newIdempotencyKey } from '../../custom/payment/paymentApi';
import { customerApi } from './api';
import { formatCount } from './format';

/** The dialog's fields: which way, how many (a positive whole number), why; the server's rule is pointAdjustSchema. */
const FORM_SCHEMA = yup.object({
  direction: yup.string().oneOf(['ADD', 'DEDUCT']).required(),
  amount: yup.number().transform((v, raw) => (raw === '' || raw === null ? undefined : v)).typeError(CUSTOMER_MSG.pointAmountInvalid)
    .required(CUSTOMER_MSG.pointAmountRequired).integer(CUSTOMER_MSG.pointAmountInvalid).min(1, CUSTOMER_MSG.pointAmountInvalid).max(POINT_ADJUST_MAX, CUSTOMER_MSG.pointAmountInvalid),
  reason: yup.string().trim().required(CUSTOMER_MSG.pointReasonRequired).max(POINT_REASON_MAX, CUSTOMER_MSG.pointReasonTooLong),
});
const EMPTY = { direction: 'ADD', amount: '', reason: '' };

type Pending = { amount: number; reason: string; resolve: (errors: Record<string, unknown> | undefined) => void };

/**
 * 포인트 조정 on the customer detail (the main account's; POST /v1/admin/customers/{idx}/points): add or
 * take points with a reason, after a confirmation. One Idempotency-Key per opening, so a retried
 * request changes the points once. With the Cafe24 point integration on, a mall member's mileage
 * follows (docs/api/integrations.md "Points both ways"); the point history shows where it stands.
 */
export function PointAdjustDialog({ customerIdx, customerName, points, onDone }: { customerIdx: RaRecord['id']; customerName: string; points: number; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const resolver = useMemo(() => schemaResolver(FORM_SCHEMA), []);
  const start = () => {
    setKey(newIdempotencyKey());
    setOpen(true);
  };
  // The form's submit waits for the confirmation; the server's field errors come back onto the form.
  const submit = (values: FieldValues) => new Promise<Record<string, unknown> | undefined>((resolve) => {
    const amount = Number(values.amount) * (values.direction === 'DEDUCT' ? -1 : 1);
    setPending({ amount, reason: String(values.reason ?? '').trim(), resolve });
  });
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const entry = await customerApi.adjustPoints(customerIdx, { amount: pending.amount, reason: pending.reason }, key);
      pending.resolve(undefined);
      notify(entry.mallSync ? 'customer.pointAdjust.doneMall' : 'customer.pointAdjust.done', { type: 'success' });
      setOpen(false);
      await client.invalidateQueries({ queryKey: ['customer'] });
      onDone();
    } catch (err) {
      pending.resolve(submissionErrors(err, { present: true }));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  const cancelConfirm = () => {
    pending?.resolve(undefined);
    setPending(null);
  };
  const n = pending ? formatCount(Math.abs(pending.amount)) : '';
  return (
    <>
      <Button variant="outlined" startIcon={<TollOutlinedIcon />} onClick={start}>
        {translate('customer.pointAdjust.button')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="point-adjust-title">
          <DialogTitle id="point-adjust-title">{translate('customer.pointAdjust.title')}</DialogTitle>
          <Form record={EMPTY} resolver={resolver} onSubmit={submit}>
            <DialogContent sx={{ pt: 0 }}>
              <DialogContentText variant="body2" sx={{ mb: 1 }}>
                {translate('customer.pointAdjust.description')}
              </DialogContentText>
              <DialogContentText variant="body2" sx={{ mb: 2, fontWeight: 600 }}>
                {translate('customer.pointAdjust.current', { points: formatCount(points) })}
              </DialogContentText>
              <RadioButtonGroupInput
                source="direction" label="customer.pointAdjust.direction" row
                choices={[{ id: 'ADD', name: 'customer.pointAdjust.add' }, { id: 'DEDUCT', name: 'customer.pointAdjust.deduct' }]}
              />
              <TextInput source="amount" label="customer.pointAdjust.amount" isRequired fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <TextInput source="reason" label="customer.pointAdjust.reason" isRequired fullWidth slotProps={{ htmlInput: { maxLength: POINT_REASON_MAX } }} />
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => setOpen(false)}>{translate('customer.pointAdjust.cancel')}</Button>
              <SaveButton label="customer.pointAdjust.submit" icon={<TollOutlinedIcon />} alwaysEnable />
            </DialogActions>
          </Form>
        </Dialog>
      )}
      <ActionConfirm
        open={Boolean(pending)} busy={busy} title={translate('customer.pointAdjust.confirmTitle')}
        content={translate(pending && pending.amount < 0 ? 'customer.pointAdjust.confirmDeduct' : 'customer.pointAdjust.confirmAdd', { name: customerName, points: n })}
        confirm={translate('customer.pointAdjust.confirm')} cancel={translate('customer.pointAdjust.cancel')}
        onConfirm={() => void confirm()} onClose={cancelConfirm}
      />
    </>
  );
}
