import { Grid } from '@mui/material';
import { BooleanInput, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { RESERVATION_DAYS_MAX } from '../../domain/guarantee';
import { DateInput } from '../../framework/date/DateInput';
import { F } from './guaranteeFieldProps';

/** 임시 저장 or 예약 발급 (n days after delivery): register pages only. */
export function IssueOptions() {
  const { setValue } = useFormContext();
  const temporary = useWatch({ name: 'temporary' }) as boolean;
  const reserve = useWatch({ name: 'reserve' }) as boolean;
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <BooleanInput source="temporary" label={F('temporary')} helperText="guarantee.form.temporaryHint" onChange={(e: { target: { checked: boolean } }) => e.target.checked && setValue('reserve', false)} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BooleanInput source="reserve" label={F('reservation')} helperText="guarantee.form.reservationHint" onChange={(e: { target: { checked: boolean } }) => e.target.checked && setValue('temporary', false)} />
      </Grid>
      {reserve && !temporary && (
        <>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextInput source="reservationDays" label={F('reservationDays')} isRequired fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: String(RESERVATION_DAYS_MAX).length } }} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <DateInput source="deliveredAt" label={F('deliveredAt')} fullWidth />
          </Grid>
        </>
      )}
    </>
  );
}
