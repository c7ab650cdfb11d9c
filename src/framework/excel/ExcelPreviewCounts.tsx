import { Box, Chip, CircularProgress, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ParseSummary } from '../../domain/excel';

interface ExcelPreviewCountsProps {
  /** Known once parsing ends; until then the rows validated so far are counted against the file's total. */
  summary: ParseSummary | null;
  total: number;
  parsed: number;
  onlyErrors: boolean;
  onOnlyErrors: (checked: boolean) => void;
}

/** The total, valid and invalid counts above the preview, and the switch that shows only the bad rows. */
export function ExcelPreviewCounts({ summary, total, parsed, onlyErrors, onOnlyErrors }: ExcelPreviewCountsProps) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }} aria-label={translate('app.excel.countsLabel')}>
      <Chip label={translate('app.excel.total', { count: (summary?.total ?? total).toLocaleString('ko-KR') })} />
      {summary ? (
        <>
          <Chip color="success" variant="outlined" label={translate('app.excel.valid', { count: summary.valid.toLocaleString('ko-KR') })} />
          <Chip color="error" variant="outlined" label={translate('app.excel.invalid', { count: summary.invalid.toLocaleString('ko-KR') })} />
        </>
      ) : (
        <Stack direction="row" spacing={1} alignItems="center" role="status">
          <CircularProgress size={16} />
          <Typography variant="body2">{translate('app.excel.validating', { done: parsed.toLocaleString('ko-KR'), total: total.toLocaleString('ko-KR') })}</Typography>
        </Stack>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <FormControlLabel control={<Switch checked={onlyErrors} onChange={(e) => onOnlyErrors(e.target.checked)} />} label={translate('app.excel.onlyErrors')} />
    </Stack>
  );
}
