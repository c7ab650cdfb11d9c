import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import type { ParseSummary } from '../../domain/excel';
import type { ChunkedSubmit } from './useChunkedSubmit';

interface ExcelSubmitPanelProps {
  summary: ParseSummary | null;
  submission: ChunkedSubmit;
  /** Some row is invalid or was refused, so there is an error workbook to download. */
  exportable: boolean;
  onDownloadErrors: () => void;
}

/** What registering will skip, the error-workbook, register and retry buttons, and the progress of the chunks. */
export function ExcelSubmitPanel({ summary, submission: s, exportable, onDownloadErrors }: ExcelSubmitPanelProps) {
  const translate = useTranslate();
  return (
    <>
      {summary && summary.invalid > 0 && !s.started && (
        <Alert severity="warning" sx={{ mb: 2, wordBreak: 'keep-all' }}>
          {translate('app.excel.invalidSkipped', { count: summary.invalid.toLocaleString('ko-KR') })}
        </Alert>
      )}
      {summary?.valid === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.excel.noValid')}
        </Alert>
      )}

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onDownloadErrors} disabled={!summary || !exportable || s.submitting}>
          {translate('app.excel.downloadErrors')}
        </Button>
        {!s.started && (
          <Button variant="contained" onClick={s.start} disabled={!summary || summary.valid === 0 || s.submitting}>
            {translate('app.excel.submit')}
          </Button>
        )}
        {s.finished && s.hasFailedChunks && (
          <Button variant="contained" color="warning" onClick={s.retryFailed}>
            {translate('app.excel.retry')}
          </Button>
        )}
      </Stack>

      {s.started && (
        <Box sx={{ mb: 2 }}>
          <LinearProgress variant="determinate" value={s.progress} aria-label={translate('app.excel.progressLabel')} />
          <Typography variant="body2" sx={{ mt: 0.5 }} role="status" aria-live="polite">
            {s.submitting
              ? translate('app.excel.progress', { done: s.processed.toLocaleString('ko-KR'), total: s.totalValid.toLocaleString('ko-KR') })
              : translate('app.excel.resultSummary', { done: s.doneCount.toLocaleString('ko-KR'), failed: s.failedCount.toLocaleString('ko-KR') })}
          </Typography>
          {s.allRegistered && (
            <Alert severity="success" sx={{ mt: 1 }}>
              {translate('app.excel.allDone')}
            </Alert>
          )}
        </Box>
      )}
    </>
  );
}
