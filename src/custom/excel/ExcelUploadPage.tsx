import { memo, useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  LinearProgress,
  Pagination,
  Stack,
  Switch,
  Table,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import {
  EXCEL_ACCEPT,
  EXCEL_MSG,
  EXCEL_PARSE_DELAY_MS,
  EXCEL_PREVIEW_PAGE_SIZE,
  EXCEL_SUBMIT_CHUNK,
  batchKeyOf,
  buildErrorWorkbook,
  buildFormWorkbook,
  chunk as chunkOf,
  detectExcelFile,
  formHeader,
  workbookToArray,
  type ParsedRow,
  type ParseSummary,
  type SheetContext,
  type SheetSpec,
} from '../../domain/excel';
import { PageShell, Section } from '../ui';
import { downloadXlsx, fileHash, readBytes, warmWorkerParse, workerParse, type ParseFn } from './parseClient';

/** The answer of one bulk request: `row` is the index in the chunk, `idx` the created record. */
export interface SubmitChunkResult {
  list?: { row: number; idx: number }[];
}
/** A row of the answer may also carry the created record's number (guarantees: nftNumber), shown on the row. */
type SubmittedRow = { row: number; idx: number; nftNumber?: string };
export type SubmitChunk<Row> = (rows: Row[], batchKey: string) => Promise<SubmitChunkResult | undefined | void>;

export type RowResult = { status: 'done'; idx?: number; number?: string } | { status: 'failed'; reason: string; named?: boolean };

interface ChunkState {
  index: number;
  batchKey: string;
  /** Indexes into the parsed rows. */
  rows: number[];
  status: 'pending' | 'done' | 'failed';
}

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
  /** The reason shown on a failed chunk's rows when the server names no row; default: its 4xx message, else "upload failed". */
  failureMessage?: (err: unknown) => string;
  /**
   * Retry leaves out the rows the server refused by name (errors `rows.<i>.<field>`) and sends the rest
   * of the chunk under a new key; without it the whole chunk is sent again.
   */
  retryWithoutRejectedRows?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's per-row reasons of a failed all-or-nothing chunk (`errors` keyed `rows.<i>.<field>`). */
function failureReasons(err: unknown, size: number, failureMessage?: (err: unknown) => string): { reason: string; named: boolean }[] {
  const e = err as { errors?: Record<string, string>; message?: string; status?: number };
  const byRow = new Map<number, string[]>();
  for (const [key, message] of Object.entries(e?.errors ?? {})) {
    const m = /^rows\.(\d+)\./.exec(key) ?? /^rows\[(\d+)\]/.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    byRow.set(i, [...(byRow.get(i) ?? []), message]);
  }
  const general = failureMessage ? failureMessage(err) : e?.status && e.status >= 400 && e.status < 500 && e.message ? e.message : EXCEL_MSG.uploadFailed;
  return Array.from({ length: size }, (_, i) => {
    const own = byRow.get(i);
    return own ? { reason: own.join(', '), named: true } : { reason: byRow.size ? EXCEL_MSG.chunkRejected : general, named: false };
  });
}

/**
 * The body cells are plain elements styled by one rule set on the table (not a MUI TableCell each):
 * 100 rows × 13 cells render in a few milliseconds, and memoised rows skip re-rendering while the
 * worker's later slices arrive.
 */
const previewTableSx = {
  '& tbody td': {
    px: 1.5,
    py: 0.75,
    borderBottom: 1,
    borderColor: 'divider',
    typography: 'body2',
    maxWidth: 220,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    verticalAlign: 'top',
  },
  '& tbody td[data-error="missing"]': { bgcolor: 'warning.light', color: 'common.black' },
  '& tbody td:is([data-error="format"], [data-error="limit"], [data-error="mismatch"])': { bgcolor: 'error.light', color: 'common.black' },
  '& tbody td.status': { whiteSpace: 'normal', wordBreak: 'keep-all', minWidth: 160, maxWidth: 280, color: 'text.secondary' },
  '& tbody td.status[data-state="error"]': { color: 'error.main', fontWeight: 600 },
  '& tbody td.status[data-state="done"]': { color: 'success.main', fontWeight: 600 },
} as const;

type Translate = ReturnType<typeof useTranslate>;

const PreviewRow = memo(function PreviewRow({ row, keys, result, translate }: { row: ParsedRow<unknown>; keys: string[]; result?: RowResult; translate: Translate }) {
  const bad = new Map(row.errors.map((e) => [e.key, e]));
  const isError = row.errors.length > 0 || result?.status === 'failed';
  const status =
    result?.status === 'done'
      ? result.number
        ? `${translate('app.excel.statusDone')} · ${result.number}`
        : translate('app.excel.statusDone')
      : result?.status === 'failed'
        ? translate('app.excel.statusFailed', { reason: result.reason })
        : row.error || translate('app.excel.statusOk');
  return (
    <tr data-line={row.line} aria-invalid={isError || undefined}>
      <td>{row.line}</td>
      <td className="status" data-testid="row-status" data-state={result?.status === 'done' ? 'done' : isError ? 'error' : undefined}>
        {status}
      </td>
      {keys.map((key, ci) => {
        const err = bad.get(key);
        return (
          <td key={key} title={err?.message} data-error={err?.kind} aria-invalid={err ? true : undefined}>
            {row.cells[ci]}
          </td>
        );
      })}
    </tr>
  );
});

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
  retryWithoutRejectedRows = false,
}: ExcelUploadPageProps<Row>) {
  const translate = useTranslate();
  const inputRef = useRef<HTMLInputElement>(null);
  const runRef = useRef(0);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<ParsedRow<Row>[] | null>(null);
  const [summary, setSummary] = useState<ParseSummary | null>(null);
  /** Rows the file has (known once it is opened), while validated rows are still arriving. */
  const [total, setTotal] = useState(0);
  const [hash, setHash] = useState('');
  const [page, setPage] = useState(1);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [chunks, setChunks] = useState<ChunkState[]>([]);
  const [results, setResults] = useState<Map<number, RowResult>>(new Map());
  const [submitting, setSubmitting] = useState(false);
  const [processed, setProcessed] = useState(0);

  useEffect(() => {
    if (parse === workerParse) warmWorkerParse(spec.kind);
  }, [parse, spec.kind]);

  // Closing the tab while chunks are in flight would lose track of them: ask first.
  useEffect(() => {
    if (!submitting) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = true;
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [submitting]);

  const reset = () => {
    runRef.current++;
    setTotal(0);
    setReading(false);
    setFileError(null);
    setFileName(null);
    setRows(null);
    setSummary(null);
    setHash('');
    setPage(1);
    setOnlyErrors(false);
    setChunks([]);
    setResults(new Map());
    setProcessed(0);
    if (inputRef.current) inputRef.current.value = '';
  };

  const handleFile = useCallback(
    async (file: File | undefined) => {
      if (!file) return;
      const run = ++runRef.current;
      setFileError(null);
      setRows(null);
      setSummary(null);
      setTotal(0);
      setChunks([]);
      setResults(new Map());
      setProcessed(0);
      setPage(1);
      setOnlyErrors(false);
      setFileName(file.name);
      setReading(true);
      try {
        const buffer = await readBytes(file);
        if (!detectExcelFile(file.name, new Uint8Array(buffer, 0, Math.min(8, buffer.byteLength)))) {
          if (run === runRef.current) {
            setFileError(EXCEL_MSG.fileType);
            setReading(false);
          }
          return;
        }
        const [digest] = await Promise.all([fileHash(buffer), sleep(delayMs)]);
        if (run !== runRef.current) return;
        setHash(digest);
        const outcome = await parse(buffer, spec.kind, ctx, (batch, count) => {
          if (run !== runRef.current) return;
          setTotal(count);
          setRows((prev) => (prev ? prev.concat(batch as ParsedRow<Row>[]) : (batch as ParsedRow<Row>[])));
          setReading(false);
        });
        if (run !== runRef.current) return;
        if (!outcome.ok) {
          setRows(null);
          setFileError(outcome.error);
        } else {
          setSummary(outcome.summary);
        }
      } catch {
        if (run === runRef.current) setFileError(EXCEL_MSG.uploadFailed);
      } finally {
        if (run === runRef.current) {
          setReading(false);
          if (inputRef.current) inputRef.current.value = '';
        }
      }
    },
    [ctx, delayMs, parse, spec.kind],
  );

  const openPicker = () => inputRef.current?.click();
  const onZoneKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openPicker();
    }
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!submitting) void handleFile(e.dataTransfer.files?.[0]);
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
    const base = (fileName ?? spec.fileName).replace(/\.[^.]+$/, '');
    download(workbookToArray(buildErrorWorkbook(spec as SheetSpec<unknown>, failed, ctx)), `${base}_오류내역.xlsx`);
  };

  const runChunks = async (todo: ChunkState[], all: ChunkState[]) => {
    if (!rows) return;
    setSubmitting(true);
    let current = all;
    let nextResults = new Map(results);
    for (const c of todo) {
      let status: ChunkState['status'];
      try {
        const answer = await submit(
          c.rows.map((i) => rows[i].value as Row),
          c.batchKey,
        );
        const byRow = new Map(((answer && answer.list ? answer.list : []) as SubmittedRow[]).map((x) => [x.row, x]));
        nextResults = new Map(nextResults);
        c.rows.forEach((rowIndex, i) => nextResults.set(rowIndex, { status: 'done', idx: byRow.get(i)?.idx, number: byRow.get(i)?.nftNumber }));
        status = 'done';
      } catch (err) {
        const reasons = failureReasons(err, c.rows.length, failureMessage);
        nextResults = new Map(nextResults);
        c.rows.forEach((rowIndex, i) => nextResults.set(rowIndex, { status: 'failed', ...reasons[i] }));
        status = 'failed';
      }
      current = current.map((x) => (x.index === c.index ? { ...x, status } : x));
      setChunks(current);
      setResults(nextResults);
      setProcessed((p) => p + c.rows.length);
    }
    setSubmitting(false);
    if (current.every((c) => c.status === 'done')) onComplete?.();
  };

  const startSubmit = () => {
    if (!rows || !summary || submitting) return;
    const validIndexes = rows.flatMap((r, i) => (r.errors.length === 0 && r.value ? [i] : []));
    const all: ChunkState[] = chunkOf(validIndexes, chunkSize).map((ix, index) => ({
      index,
      batchKey: batchKeyFor ? batchKeyFor(index, hash) : batchKeyOf(spec.kind, hash, index),
      rows: ix,
      status: 'pending',
    }));
    setChunks(all);
    setProcessed(0);
    void runChunks(all, all);
  };

  const retryFailed = () => {
    if (submitting) return;
    // Rows the server refused by name stay failed; the rest of their chunk goes again under a new key.
    const retryOf = (c: ChunkState): ChunkState => {
      if (!retryWithoutRejectedRows) return { ...c, status: 'pending' };
      const rest = c.rows.filter((i) => {
        const r = results.get(i);
        return !(r?.status === 'failed' && r.named);
      });
      if (rest.length === c.rows.length) return { ...c, status: 'pending' };
      return { ...c, rows: rest, status: 'pending', batchKey: batchKeyFor ? batchKeyFor(c.index, hash) : `${c.batchKey}-r${c.rows.length - rest.length}` };
    };
    const all = chunks.map((c) => (c.status === 'failed' ? retryOf(c) : c)).filter((c) => c.rows.length > 0);
    const failed = all.filter((c) => c.status === 'pending');
    setProcessed((summary?.valid ?? 0) - failed.reduce((n, c) => n + c.rows.length, 0));
    setChunks(all);
    void runChunks(failed, all);
  };

  const visible = useMemo(() => {
    if (!rows) return [];
    const indexed = rows.map((r, i) => ({ r, i }));
    return onlyErrors ? indexed.filter(({ r, i }) => r.errors.length > 0 || results.get(i)?.status === 'failed') : indexed;
  }, [rows, onlyErrors, results]);
  const columnKeys = useMemo(() => spec.columns.map((c) => c.key), [spec.columns]);
  const pageCount = Math.max(1, Math.ceil(visible.length / EXCEL_PREVIEW_PAGE_SIZE));
  const safePage = Math.min(page, pageCount);
  const pageRows = visible.slice((safePage - 1) * EXCEL_PREVIEW_PAGE_SIZE, safePage * EXCEL_PREVIEW_PAGE_SIZE);

  const totalValid = summary?.valid ?? 0;
  const doneCount = Array.from(results.values()).filter((r) => r.status === 'done').length;
  const failedCount = Array.from(results.values()).filter((r) => r.status === 'failed').length;
  const started = chunks.length > 0;
  const finished = started && !submitting && chunks.every((c) => c.status !== 'pending');
  const hasFailedChunks = chunks.some((c) => c.status === 'failed');
  const allRegistered = finished && !hasFailedChunks && failedCount === 0;
  const progress = totalValid ? Math.round((processed / totalValid) * 100) : 0;
  const exportable = (summary?.invalid ?? 0) + failedCount > 0;

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
      <Section title={translate('app.excel.fileTitle')} description={translate('app.excel.fileHint')}>
        <Box
          role="button"
          tabIndex={0}
          aria-label={translate('app.excel.dropLabel')}
          aria-disabled={submitting || undefined}
          aria-busy={reading || undefined}
          onClick={() => !submitting && openPicker()}
          onKeyDown={(e) => !submitting && onZoneKey(e)}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={(e) => {
            // Moving over the zone's own children fires dragleave too.
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          data-testid="excel-dropzone"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'background.default',
            borderRadius: 2,
            p: { xs: 2, sm: 4 },
            textAlign: 'center',
            cursor: submitting ? 'not-allowed' : 'pointer',
            outline: 'none',
            '&:focus-visible': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 3px ${t.palette.primary.main}33` },
          }}
        >
          {reading ? (
            <Stack alignItems="center" spacing={1} role="status">
              <CircularProgress size={32} />
              <Typography>{translate('app.excel.reading')}</Typography>
            </Stack>
          ) : (
            <Stack alignItems="center" spacing={1}>
              <UploadFileIcon color="action" fontSize="large" />
              <Typography sx={{ fontWeight: 600, wordBreak: 'keep-all' }}>{translate(dragging ? 'app.excel.dropActive' : 'app.excel.dropTitle')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.excel.dropHint')}
              </Typography>
            </Stack>
          )}
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={EXCEL_ACCEPT}
            data-testid="excel-file-input"
            onChange={(e) => void handleFile(e.target.files?.[0])}
          />
        </Box>
        {fileName && !reading && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, wordBreak: 'break-all' }}>
            {translate('app.excel.fileName', { name: fileName })}
          </Typography>
        )}
        {fileError && (
          <Alert severity="error" role="alert" sx={{ mt: 2, wordBreak: 'keep-all' }}>
            {fileError}
          </Alert>
        )}
      </Section>

      {rows && (
        <Section
          title={translate('app.excel.previewTitle')}
          action={
            <Button size="small" onClick={reset} disabled={submitting}>
              {translate('app.excel.reset')}
            </Button>
          }
        >
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
                <Typography variant="body2">{translate('app.excel.validating', { done: rows.length.toLocaleString('ko-KR'), total: total.toLocaleString('ko-KR') })}</Typography>
              </Stack>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <FormControlLabel
              control={<Switch checked={onlyErrors} onChange={(e) => {
                    setOnlyErrors(e.target.checked);
                    setPage(1);
                  }} />}
              label={translate('app.excel.onlyErrors')}
            />
          </Stack>

          {summary && summary.invalid > 0 && !started && (
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
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={downloadErrors} disabled={!summary || !exportable || submitting}>
              {translate('app.excel.downloadErrors')}
            </Button>
            {!started && (
              <Button variant="contained" onClick={startSubmit} disabled={!summary || summary.valid === 0 || submitting}>
                {translate('app.excel.submit')}
              </Button>
            )}
            {finished && hasFailedChunks && (
              <Button variant="contained" color="warning" onClick={retryFailed}>
                {translate('app.excel.retry')}
              </Button>
            )}
          </Stack>

          {started && (
            <Box sx={{ mb: 2 }}>
              <LinearProgress variant="determinate" value={progress} aria-label={translate('app.excel.progressLabel')} />
              <Typography variant="body2" sx={{ mt: 0.5 }} role="status" aria-live="polite">
                {submitting
                  ? translate('app.excel.progress', { done: processed.toLocaleString('ko-KR'), total: totalValid.toLocaleString('ko-KR') })
                  : translate('app.excel.resultSummary', { done: doneCount.toLocaleString('ko-KR'), failed: failedCount.toLocaleString('ko-KR') })}
              </Typography>
              {allRegistered && (
                <Alert severity="success" sx={{ mt: 1 }}>
                  {translate('app.excel.allDone')}
                </Alert>
              )}
            </Box>
          )}

          <TableContainer sx={{ maxHeight: 640, overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={translate('app.excel.previewTitle')} sx={previewTableSx}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('app.excel.row')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', minWidth: 160 }}>{translate('app.excel.status')}</TableCell>
                  {spec.columns.map((c) => (
                    <TableCell key={c.key} sx={{ whiteSpace: 'nowrap' }}>
                      {formHeader(c, ctx)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <tbody>
                {pageRows.map(({ r, i }) => (
                  <PreviewRow key={r.line} row={r as ParsedRow<unknown>} keys={columnKeys} result={results.get(i)} translate={translate} />
                ))}
              </tbody>
            </Table>
          </TableContainer>
          {pageCount > 1 && (
            <Pagination
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              count={pageCount}
              page={safePage}
              siblingCount={0}
              onChange={(_, p) => setPage(p)}
              getItemAriaLabel={(type, p) =>
                type === 'page' ? translate('app.excel.pageLabel', { page: p }) : translate(type === 'next' ? 'app.excel.nextPage' : type === 'previous' ? 'app.excel.prevPage' : type === 'first' ? 'app.excel.firstPage' : 'app.excel.lastPage')
              }
            />
          )}
        </Section>
      )}
    </PageShell>
  );
}
