import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import {
  EXCEL_PARSE_DELAY_MS,
  EXCEL_SUBMIT_CHUNK,
  buildErrorWorkbook,
  buildFormWorkbook,
  workbookToArray,
  type SheetContext,
  type SheetSpec,
} from '../../domain/excel';
import { PageShell, Section } from '../ui';
import { downloadXlsx, workerParse, type ParseFn } from './parseClient';
import { ExcelFileSection } from './ExcelFileSection';
import { ExcelPreviewCounts } from './ExcelPreviewCounts';
import { ExcelPreviewTable } from './ExcelPreviewTable';
import { ExcelSubmitPanel } from './ExcelSubmitPanel';
import { useSheetFile } from './useSheetFile';
import { useChunkedSubmit, type SubmitChunk } from './useChunkedSubmit';

export type { RowResult, SubmitChunk, SubmitChunkResult } from './useChunkedSubmit';

export interface ExcelUploadPageProps<Row> {
  spec: SheetSpec<Row>;
  ctx?: SheetContext;
  submit: SubmitChunk<Row>;
  /** The parser; the default runs parseWorkbook in a Web Worker. */
  parse?: ParseFn;
  /** Delay before parsing (spec: 500 ms). */
  delayMs?: number;
  chunkSize?: number;
  /** Saves a generated workbook; the default downloads it. */
  download?: (data: ArrayBuffer, fileName: string) => void;
  /** Called once every valid row is registered. */
  onComplete?: () => void;
  title?: string;
  /** A chunk's idempotency key, made once per chunk and reused on retry; default: file hash + chunk index. */
  batchKeyFor?: (chunkIndex: number, fileHash: string) => string;
  /** The reason shown on the rows of a chunk whose request failed; default: its 4xx message, else "upload failed". A row the server refuses shows its own reason. */
  failureMessage?: (err: unknown) => string;
  /** Chunks in flight at once; default 1 (one after another). */
  concurrency?: number;
  /** What the rows depend on (e.g. the membership they issue): under the title, above the file. */
  settings?: ReactNode;
}

/**
 * Generic spreadsheet bulk upload (spec 2 sections 2, 5, 8, 9): download the form, drop or choose a
 * file, parse it off the main thread after the 500 ms delay, preview 100 rows a page with the bad
 * cells marked, export the failed rows, then register the valid rows in chunks of 1,000 whose batch
 * keys (file hash + chunk index) make a retry idempotent.
 */
export function ExcelUploadPage<Row>({
  spec,
  ctx = {},
  submit,
  parse = workerParse,
  delayMs = EXCEL_PARSE_DELAY_MS,
  chunkSize = EXCEL_SUBMIT_CHUNK,
  download = downloadXlsx,
  onComplete,
  title,
  batchKeyFor,
  failureMessage,
  concurrency = 1,
  settings,
}: ExcelUploadPageProps<Row>) {
  const translate = useTranslate();
  const sheet = useSheetFile(spec, ctx, parse, delayMs);
  const submission = useChunkedSubmit(sheet, { kind: spec.kind, submit, chunkSize, onComplete, batchKeyFor, failureMessage, concurrency });
  const { rows, summary } = sheet;
  const { results, submitting } = submission;
  const [page, setPage] = useState(1);
  const [onlyErrors, setOnlyErrors] = useState(false);

  // A new file or a reset starts the preview and the registration over.
  const clearView = () => {
    submission.clear();
    setPage(1);
    setOnlyErrors(false);
  };
  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    clearView();
    void sheet.read(file);
  };
  const reset = () => {
    sheet.reset();
    clearView();
  };

  const downloadForm = () => download(workbookToArray(buildFormWorkbook(spec as SheetSpec<unknown>, ctx)), `${spec.fileName}.xlsx`);

  const downloadErrors = () => {
    if (!rows) return;
    const failed: { cells: string[]; error: string }[] = [];
    rows.forEach((r, i) => {
      const res = results.get(i);
      if (r.errors.length) failed.push({ cells: r.cells, error: r.error });
      else if (res?.status === 'failed') failed.push({ cells: r.cells, error: res.reason });
    });
    const base = (sheet.fileName ?? spec.fileName).replace(/\.[^.]+$/, '');
    download(workbookToArray(buildErrorWorkbook(spec as SheetSpec<unknown>, failed, ctx)), `${base}_오류내역.xlsx`);
  };

  const visible = useMemo(() => {
    if (!rows) return [];
    const indexed = rows.map((r, i) => ({ r, i }));
    return onlyErrors ? indexed.filter(({ r, i }) => r.errors.length > 0 || results.get(i)?.status === 'failed') : indexed;
  }, [rows, onlyErrors, results]);
  const columnKeys = useMemo(() => spec.columns.map((c) => c.key), [spec.columns]);

  return (
    <PageShell
      title={title ?? spec.title}
      maxWidth={1280}
      actions={
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={downloadForm}>
          {translate('app.excel.downloadForm')}
        </Button>
      }
    >
      {settings}
      <ExcelFileSection inputRef={sheet.inputRef} reading={sheet.reading} submitting={submitting} fileName={sheet.fileName} fileError={sheet.fileError} onFile={chooseFile} />

      {rows && (
        <Section
          title={translate('app.excel.previewTitle')}
          action={
            <Button size="small" onClick={reset} disabled={submitting}>
              {translate('app.excel.reset')}
            </Button>
          }
        >
          <ExcelPreviewCounts
            summary={summary}
            total={sheet.total}
            parsed={rows.length}
            onlyErrors={onlyErrors}
            onOnlyErrors={(checked) => {
              setOnlyErrors(checked);
              setPage(1);
            }}
          />
          <ExcelSubmitPanel summary={summary} submission={submission} exportable={(summary?.invalid ?? 0) + submission.failedCount > 0} onDownloadErrors={downloadErrors} />
          <ExcelPreviewTable spec={spec} ctx={ctx} columnKeys={columnKeys} visible={visible} results={results} page={page} onPage={setPage} />
        </Section>
      )}
    </PageShell>
  );
}
