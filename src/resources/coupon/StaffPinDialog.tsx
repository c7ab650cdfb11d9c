import { useMemo, useState } from 'react';
import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Typography } from '@mui/material';
import PinOutlinedIcon from '@mui/icons-material/PinOutlined';
import { PasswordInput, SaveButton, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../framework/Form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { apiRequest } from '../../providers/http';
import { STAFF_PIN_LIMITS, STAFF_PIN_RULE, staffPinSchema } from '../../domain/lounge';
import { checkAccess } from '../../domain/access';
import { toAccessContext, type Partnership } from '../../domain/identity';
import { clock } from '../../providers/session';
import { seoulDateTime } from '../../domain/seoulDay';

/** The brand's staff PIN and lounge link (server/modules/lounge/routes.ts STAFF_PIN). */
const STAFF_PIN_PATH = '/v1/admin/coupon-staff-pin';
/** `pausedUntil`: while the brand's wrong-PIN budget is spent, when PIN redemption resumes (ISO); saving a new PIN ends it. */
export interface StaffPinState { pinSet: boolean; pausedUntil: string | null; loungeKey: string; loungePath: string }
export const staffPinApi = {
  get: () => apiRequest<StaffPinState>(STAFF_PIN_PATH),
  save: (pin: string, pinConfirm: string) => apiRequest<StaffPinState>(STAFF_PIN_PATH, { method: 'PUT', body: { pin, pinConfirm } }),
};
const EMPTY = { pin: '', pinConfirm: '' };
const QUERY_KEY = ['coupon-staff-pin'];
const useStaffPinState = (enabled: boolean) => useQuery({ queryKey: QUERY_KEY, queryFn: staffPinApi.get, enabled });

/** The pause in words: until when, and what to do (src/domain/lounge.ts STAFF_PIN_LIMITS). */
function PausedText({ pausedUntil }: { pausedUntil: string }) {
  const translate = useTranslate();
  return (
    <>
      <AlertTitle>{translate('coupon.staffPin.pausedTitle')}</AlertTitle>
      {translate('coupon.staffPin.paused', { count: STAFF_PIN_LIMITS.brandMaxWrong, time: seoulDateTime(pausedUntil) })}
    </>
  );
}

/** Whether the account sets the staff PIN and sees its pause (the server's rule for GET/PUT coupon-staff-pin). */
export const staffPinAllowed = (p: Partnership): boolean => checkAccess(toAccessContext(p), STAFF_PIN_RULE, new Date(clock.now())) === null;

/**
 * The notice that PIN redemption is paused (the brand's wrong-PIN budget is spent), with the time it
 * resumes and the PIN change at hand; nothing otherwise. On the coupon list and home, for whom
 * staffPinAllowed (the caller checks).
 */
export function StaffPinPausedAlert() {
  const state = useStaffPinState(true);
  if (!state.data?.pausedUntil) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} action={<StaffPinDialog label="coupon.staffPin.change" />}>
      <PausedText pausedUntil={state.data.pausedUntil} />
    </Alert>
  );
}

/**
 * 매장 PIN 설정 (issue 11 item 8): the 4-digit PIN staff type on the customer's phone to redeem a
 * coupon with the password option, stored hashed and never shown; and the brand's lounge link.
 * Main account only (the list shows the button to the main account; the server refuses others).
 * While PIN redemption is paused it says so: saving a new PIN ends the pause (issue 20).
 */
export function StaffPinDialog({ label = 'coupon.staffPin.button' }: { label?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const resolver = useMemo(() => schemaResolver(staffPinSchema), []);
  const state = useStaffPinState(open);
  const submit = async (values: FieldValues) => {
    try {
      const saved = await staffPinApi.save(String(values.pin ?? ''), String(values.pinConfirm ?? ''));
      queryClient.setQueryData(QUERY_KEY, saved);
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
    notify('coupon.staffPin.saved', { type: 'success' });
    setOpen(false);
    return undefined;
  };
  const loungeUrl = state.data ? `${window.location.origin}${state.data.loungePath}` : null;
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<PinOutlinedIcon />} onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="staff-pin-title">
          <DialogTitle id="staff-pin-title">{translate('coupon.staffPin.title')}</DialogTitle>
          <Form record={EMPTY} resolver={resolver} onSubmit={submit}>
            <DialogContent sx={{ pt: 0 }}>
              <DialogContentText variant="body2" sx={{ mb: 2 }}>{translate('coupon.staffPin.description')}</DialogContentText>
              {state.data?.pausedUntil && <Alert severity="error" sx={{ mb: 2 }}><PausedText pausedUntil={state.data.pausedUntil} /></Alert>}
              {state.data && !state.data.pausedUntil && (
                <Alert severity={state.data.pinSet ? 'success' : 'info'} sx={{ mb: 2 }}>
                  {translate(state.data.pinSet ? 'coupon.staffPin.isSet' : 'coupon.staffPin.notSet')}
                </Alert>
              )}
              <PasswordInput source="pin" label="coupon.staffPin.pin" isRequired fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
              <PasswordInput source="pinConfirm" label="coupon.staffPin.pinConfirm" isRequired fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
              {loungeUrl && (
                <>
                  <Typography variant="subtitle2" sx={{ mt: 1 }}>{translate('coupon.staffPin.loungeLink')}</Typography>
                  <Link href={loungeUrl} target="_blank" rel="noopener" data-testid="lounge-link" sx={{ wordBreak: 'break-all' }}>{loungeUrl}</Link>
                </>
              )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => setOpen(false)}>{translate('coupon.staffPin.cancel')}</Button>
              <SaveButton label="coupon.staffPin.submit" />
            </DialogActions>
          </Form>
        </Dialog>
      )}
    </>
  );
}
