import type { Dispatch, SetStateAction } from 'react';
import { FormControlLabel, InputAdornment, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Section } from '../../framework/ui';
import { GRADE_SCHEDULES, type GradeSchedule } from './api';
import type { GradeSettingDraft, GradeSettingErrors } from './gradeSetting';
import { useErrorText } from './gradeSettingErrors';

interface GradePointSettingsProps {
  draft: GradeSettingDraft;
  setDraft: Dispatch<SetStateAction<GradeSettingDraft>>;
  errors: GradeSettingErrors;
}

/** The point rate, the on/offline point toggle, when grades are recomputed and over how many months. */
export function GradePointSettings({ draft, setDraft, errors }: GradePointSettingsProps) {
  const translate = useTranslate();
  const t = useErrorText();
  return (
    <Section title={translate('customer.grade.pointTitle')} id="grade-setting-points">
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <TextField
          size="small"
          label={translate('customer.grade.pointRate')}
          value={draft.pointRate}
          onChange={(e) => setDraft((d) => ({ ...d, pointRate: e.target.value.replace(/[^\d.]/g, '') }))}
          error={Boolean(errors.pointRate)}
          helperText={t(errors.pointRate)}
          slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
        />
        <FormControlLabel
          control={<Switch checked={draft.onOfflinePointToggle === 'Y'} onChange={(e) => setDraft((d) => ({ ...d, onOfflinePointToggle: e.target.checked ? 'Y' : 'N' }))} />}
          label={translate('customer.grade.onOfflinePointToggle')}
        />
        <TextField
          select
          size="small"
          label={translate('customer.grade.gradeSchedule')}
          value={draft.gradeSchedule}
          onChange={(e) => setDraft((d) => ({ ...d, gradeSchedule: e.target.value as GradeSchedule }))}
          helperText={translate('customer.grade.scheduleHelp')}
        >
          {GRADE_SCHEDULES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`customer.grade.schedules.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('customer.grade.gradePeriodMonths')}
          value={draft.gradePeriodMonths}
          onChange={(e) => setDraft((d) => ({ ...d, gradePeriodMonths: e.target.value.replace(/[^\d]/g, '') }))}
          error={Boolean(errors.gradePeriodMonths)}
          helperText={t(errors.gradePeriodMonths) ?? translate('customer.grade.periodHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 }, input: { endAdornment: <InputAdornment position="end">{translate('customer.grade.monthUnit')}</InputAdornment> } }}
        />
      </Stack>
    </Section>
  );
}
