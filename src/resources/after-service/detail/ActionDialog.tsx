import { useState } from 'react';
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import type { AnyObjectSchema, ValidationError } from 'yup';
import {
  AS_AMOUNT_MAX, AS_CONTENT_MAX, AS_REASON_MAX, AS_STATUS_LABELS, asCancelSchema, asCompleteSchema, asEstimateSchema, asShippingSchema, targetStatus, KOREAN_COURIERS, type AsAction, type AsType,
} from '../../../domain/afterService';
import { presentError } from '../../../dataProvider/errors';
import { ApiRequestError } from '../../../providers/http';
import { CountedText } from '../memo';
import { moveRequest } from '../api';
import { CompletePhotos } from './CompletePhotos';
import { josa } from '../../../domain/josa';

type Values = Record<string, string>;

/** The inputs, schema and confirmation of each action: amounts and comments, a reason, a courier and number, photos, or a confirmation alone. */
const FORMS: Record<AsAction, { fields: string[]; schema?: AnyObjectSchema; confirm?: string; destructive?: boolean; submit?: string }> = {
  preestimate: { fields: ['amount', 'comment'], schema: asEstimateSchema },
  estimate: { fields: ['amount', 'comment'], schema: asEstimateSchema },
  working: { fields: [], confirm: 'afterService.action.workingConfirm' },
  complete: { fields: ['images'], schema: asCompleteSchema, confirm: 'afterService.action.completeConfirm' },
  shipping: { fields: ['courier', 'trackingNumber'], schema: asShippingSchema },
  exchanged: { fields: [], confirm: 'afterService.action.exchangedConfirm', destructive: true },
  // Not "취소" beside the dialog's own 취소 (close).
  cancel: { fields: ['reason'], schema: asCancelSchema, confirm: 'afterService.action.cancelConfirm', destructive: true, submit: 'afterService.action.cancelSubmit' },
};

const digits = (v: string) => v.replace(/\D/g, '').replace(/^0+(?=\d)/, '');

/** The body of an action from the dialog's values (the amount as a number of won, the photos as paths). */
function bodyOf(action: AsAction, values: Values, images: string[]): Record<string, unknown> {
  switch (action) {
    case 'preestimate':
    case 'estimate':
      return { amount: values.amount === '' ? null : Number(values.amount), comment: values.comment.trim() };
    case 'shipping':
      return { courier: values.courier.trim(), trackingNumber: values.trackingNumber.trim() };
    case 'cancel':
      return { reason: values.reason.trim() };
    case 'complete':
      return { images };
    default:
      return {};
  }
}

function errorsOf(err: ValidationError): Record<string, string> {
  const inner = err.inner.length ? err.inner : [err];
  return Object.fromEntries(inner.map((e) => [(e.path ?? '').replace(/\[\d+\]$/, ''), e.message]));
}

/**
 * One stage action of a request (docs/api/afterService.md): its inputs checked by the domain's
 * schema, a confirmation for what notifies the customer or cannot be undone, then the call. A 400's
 * field errors land on their inputs; a 409 (the request moved meanwhile) shows the server's message
 * and `onConflict` reads the request again, so the page behind shows its stage and buttons as they are now.
 */
export function ActionDialog({ type, idx, action, onClose, onDone, onConflict }: {
  type: AsType; idx: Identifier; action: AsAction; onClose: () => void; onDone: () => void; onConflict: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const form = FORMS[action];
  const [values, setValues] = useState<Values>({ amount: '', comment: '', courier: '', trackingNumber: '', reason: '' });
  const [images, setImages] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [uploading, setUploading] = useState(false);
  const A = (key: string) => translate(`afterService.action.${key}`);
  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };

  const submit = async () => {
    const body = bodyOf(action, values, images);
    if (form.schema) {
      try {
        form.schema.validateSync(body, { abortEarly: false });
      } catch (err) {
        setErrors(errorsOf(err as ValidationError));
        return;
      }
    }
    setRunning(true);
    setRefusal(null);
    try {
      await moveRequest(type, action, idx, body);
      const status = AS_STATUS_LABELS[targetStatus(type, action)];
      // statusTo carries its particle (세탁 중으로, 1차 견적으로), chosen from the word by es-hangul.
      notify('afterService.detail.moved', { type: 'success', messageArgs: { status, statusTo: josa(status, '으로/로') } });
      onDone();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) {
        setRefusal(err.message);
        onConflict();
      }
      else if (err instanceof ApiRequestError && err.status === 400 && err.errors) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k.replace(/\[\d+\]$/, ''), String(m)])));
      else {
        presentError(err);
        onClose();
      }
    } finally {
      setRunning(false);
    }
  };

  const text = (name: string, props: { max: number; required?: boolean; numeric?: boolean }) => (
    <TextField
      key={name}
      label={A(name)}
      value={props.numeric && values[name] ? Number(values[name]).toLocaleString('ko-KR') : values[name]}
      onChange={(e) => set(name, props.numeric ? digits(e.target.value) : e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] || undefined}
      required={props.required}
      fullWidth
      slotProps={{ htmlInput: props.numeric ? { inputMode: 'numeric', maxLength: String(AS_AMOUNT_MAX).length + 3 } : { maxLength: props.max } }}
    />
  );

  return (
    <Dialog open onClose={() => !running && onClose()} aria-labelledby="as-action-title" maxWidth="xs" fullWidth>
      <DialogTitle id="as-action-title">{A(action)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {form.confirm && <DialogContentText>{translate(form.confirm)}</DialogContentText>}
          {form.fields.includes('amount') && text('amount', { max: 12, required: true, numeric: true })}
          {form.fields.includes('comment') && (
            <CountedText label={A('comment')} value={values.comment} max={AS_CONTENT_MAX} error={errors.comment || null} onChange={(e) => set('comment', e.target.value)} minRows={2} />
          )}
          {form.fields.includes('courier') && (
            <Autocomplete
              freeSolo
              options={KOREAN_COURIERS}
              inputValue={values.courier}
              onInputChange={(_e, v) => set('courier', v)}
              renderInput={(params) => (
                <TextField {...params} label={A('courier')} required error={Boolean(errors.courier)} helperText={errors.courier || undefined}
                  slotProps={{ htmlInput: { ...params.inputProps, maxLength: 100 } }} />
              )}
            />
          )}
          {form.fields.includes('trackingNumber') && text('trackingNumber', { max: 50, required: true })}
          {form.fields.includes('reason') && (
            <CountedText label={A('reason')} value={values.reason} max={AS_REASON_MAX} error={errors.reason || null} onChange={(e) => set('reason', e.target.value)} required minRows={2} />
          )}
          {form.fields.includes('images') && <CompletePhotos repairIdx={idx} images={images} onChange={setImages} onBusy={setUploading} error={errors.images || null} />}
          {refusal && <Alert severity="error">{refusal}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={running}>
          {translate('app.common.cancel')}
        </Button>
        <Button variant="contained" color={form.destructive ? 'warning' : 'primary'} disableElevation onClick={() => void submit()} disabled={running || uploading}>
          {form.submit ? translate(form.submit) : A(action)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
