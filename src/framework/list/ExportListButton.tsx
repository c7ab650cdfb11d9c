import { useId, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useDataProvider, useListContext, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { ExportPagesOptions, WorkbookWriter } from './exportPages';
import { seoulToday } from '../../domain/seoulDay';
import { presentReadError } from '../../dataProvider/errors';

/** The texts of an export button, as i18n keys. */
export interface ExportListTexts {
  /** The button. */
  label: string;
  /** The progress dialog's title. */
  exporting: string;
  /** '%{done} / %{total}' under the bar; none when absent. */
  progress?: string;
  /** The file name before `_YYYY-MM-DD.xlsx`. */
  fileName: string;
  done: string;
  failed: string;
}

/**
 * 엑셀 내려받기 of a list: every record of the current search (the ListContext's filter and sort),
 * read a page at a time by `load`'s exporter with a progress dialog whose 취소 aborts; a success toast,
 * or a failure toast unless an API failure was presented (presentReadError). `load` imports the
 * exporter on click, so `xlsx` stays out of the list's chunk.
 */
export function ExportListButton<T extends RaRecord>({
  resource,
  load,
  texts,
  write,
}: {
  resource: string;
  load: () => Promise<(options: ExportPagesOptions<T>) => Promise<number>>;
  texts: ExportListTexts;
  write?: WorkbookWriter;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { filterValues, sort, total: listTotal } = useListContext();
  const [progress, setProgress] = useState<{ done: number; total?: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const titleId = useId();

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ done: 0, total: listTotal });
    try {
      const exporter = await load();
      const stamp = seoulToday(Date.now());
      await exporter({
        fetchPage: (page, perPage) =>
          dataProvider.getList<T>(resource, { pagination: { page, perPage }, sort, filter: filterValues, signal: controller.signal }) as Promise<{ data: T[]; total?: number }>,
        onProgress: (done, total) => setProgress({ done, total: total ?? listTotal }),
        write,
        fileName: `${translate(texts.fileName)}_${stamp}.xlsx`,
        signal: controller.signal,
      });
      notify(texts.done, { type: 'success' });
    } catch (err) {
      // A page read failed: presented like every failed read (outside react-query, so here); anything else gets a toast.
      if (presentReadError(err) === 'none' && (err as Error)?.name !== 'AbortError' && !(err as { status?: number })?.status) notify(texts.failed, { type: 'error' });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const pct = progress?.total ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : undefined;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => void run()} disabled={progress !== null || listTotal === 0}>
        {translate(texts.label)}
      </Button>
      <Dialog open={progress !== null} maxWidth="xs" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate(texts.exporting)}</DialogTitle>
        <DialogContent>
          <LinearProgress variant={pct === undefined ? 'indeterminate' : 'determinate'} value={pct} aria-label={translate(texts.exporting)} />
          {texts.progress && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
              {translate(texts.progress, {
                done: (progress?.done ?? 0).toLocaleString('ko-KR'),
                total: (progress?.total ?? progress?.done ?? 0).toLocaleString('ko-KR'),
              })}
            </Typography>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={() => abort.current?.abort()}>{translate('app.common.cancel')}</Button>
          </Box>
        </DialogContent>
      </Dialog>
    </>
  );
}
