import { useMemo, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Typography } from '@mui/material';
import PinOutlinedIcon from '@mui/icons-material/PinOutlined';
import { Form, PasswordInput, SaveButton, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { schemaResolver, submissionErrors } from '../../custom/formErrors';
import { apiRequest } from '../../providers/http';
import { staffPinSchema } from '../../domain/lounge';

/** The brand's staff PIN and lounge link (server/modules/lounge/routes.ts STAFF_PIN). */
const STAFF_PIN_PATH = '/v1/admin/coupon-staff-pin';
export interface StaffPinState { pinSet: boolean; loungeKey: string; loungePath: string }
export const staffPinApi = {
  get: () => apiRequest<StaffPinState>(STAFF_PIN_PATH),
  save: (pin: string, pinConfirm: string) => apiRequest<StaffPinState>(STAFF_PIN_PATH, { method: 'PUT', body: { pin, pinConfirm } }),
};
const EMPTY = { pin: '', pinConfirm: '' };

/**
 * 매장 PIN 설정 (issue 11 item 8): the 4-digit PIN staff type on the customer's phone to redeem a
 * coupon with the password option, stored hashed and never shown; and the brand's lounge link.
 * Main account only (the list shows the button to the main account; the server refuses others).
 */
export function StaffPinDialog() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const resolver = useMemo(() => schemaResolver(staffPinSchema), []);
  const state = useQuery({ queryKey: ['coupon-staff-pin'], queryFn: staffPinApi.get, enabled: open });
  const submit = async (values: FieldValues) => {
    try {
      const saved = await staffPinApi.save(String(values.pin ?? ''), String(values.pinConfirm ?? ''));
      queryClient.setQueryData(['coupon-staff-pin'], saved);
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
        {translate('coupon.staffPin.button')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="staff-pin-title">
          <DialogTitle id="staff-pin-title">{translate('coupon.staffPin.title')}</DialogTitle>
          <Form record={EMPTY} resolver={resolver} onSubmit={submit}>
            <DialogContent sx={{ pt: 0 }}>
              <DialogContentText variant="body2" sx={{ mb: 2 }}>{translate('coupon.staffPin.description')}</DialogContentText>
              {state.data && (
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
