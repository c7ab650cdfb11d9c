import { IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { GRADE_NAME_MAX } from '../../domain/customer';
import { formatCount } from './format';
import type { GradeRowDraft, GradeSettingErrors } from './gradeSetting';
import { useErrorText } from './gradeSettingErrors';

interface GradeRowsEditorProps {
  grades: GradeRowDraft[];
  errors: GradeSettingErrors;
  onChange: (index: number, patch: Partial<GradeRowDraft>) => void;
  onRemove: (index: number) => void;
}

/** One row per grade, in order: its name, minimum purchase amount and count, and a remove button. */
export function GradeRowsEditor({ grades, errors, onChange, onRemove }: GradeRowsEditorProps) {
  const translate = useTranslate();
  const t = useErrorText();
  return (
    <Stack spacing={1.5}>
      {grades.map((g, i) => (
        <Stack
          key={g.key}
          role="group"
          aria-label={translate('customer.grade.gradeRow', { index: i + 1 })}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <Typography variant="body2" sx={{ width: 32, pt: { sm: 1 }, fontWeight: 700 }} aria-hidden>
            {i + 1}
          </Typography>
          <TextField
            size="small"
            label={translate('customer.grade.name')}
            value={g.name}
            onChange={(e) => onChange(i, { name: e.target.value })}
            error={Boolean(errors[`grades.${i}.name`])}
            helperText={t(errors[`grades.${i}.name`])}
            slotProps={{ htmlInput: { maxLength: GRADE_NAME_MAX } }}
            sx={{ flex: 2 }}
          />
          <TextField
            size="small"
            label={translate('customer.grade.minPurchaseAmount')}
            // Shown with thousands separators (1,000,000), kept as digits.
            value={g.minPurchaseAmount === '' ? '' : formatCount(g.minPurchaseAmount)}
            onChange={(e) => onChange(i, { minPurchaseAmount: e.target.value.replace(/[^\d]/g, '') })}
            error={Boolean(errors[`grades.${i}.minPurchaseAmount`])}
            helperText={t(errors[`grades.${i}.minPurchaseAmount`])}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">{translate('customer.grade.wonUnit')}</InputAdornment> } }}
            sx={{ flex: 2 }}
          />
          <TextField
            size="small"
            label={translate('customer.grade.minPurchaseCount')}
            value={g.minPurchaseCount}
            onChange={(e) => onChange(i, { minPurchaseCount: e.target.value.replace(/[^\d]/g, '') })}
            error={Boolean(errors[`grades.${i}.minPurchaseCount`])}
            helperText={t(errors[`grades.${i}.minPurchaseCount`])}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1 }}
          />
          <IconButton aria-label={translate('customer.grade.removeGrade', { name: g.name || i + 1 })} onClick={() => onRemove(i)}>
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      ))}
    </Stack>
  );
}
