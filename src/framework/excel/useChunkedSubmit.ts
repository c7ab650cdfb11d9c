import { useEffect, useState } from 'react';
import { batchKeyOf, chunk as chunkOf, type ParsedRow, type ParseSummary } from '../../domain/excel';
import { mapConcurrent } from '../../domain/concurrency';
import type { BulkRowFailure } from '../../domain/bulkOutcome';
import { chunkFailureReason, rowFailureReason } from './failureReasons';

/**
 * The answer of one bulk request (src/domain/bulkOutcome.ts): `row` is the index in the chunk, `idx`
 * the created record; `failed` names the rows the server refused, each with its own reason.
 */
export interface SubmitChunkResult {
  list?: { row: number; idx: number }[];
  failed?: BulkRowFailure[];
}
/** A row of the answer may also carry the created record's number (guarantees: nftNumber), shown on the row. */
type SubmittedRow = { row: number; idx: number; nftNumber?: string };
export type SubmitChunk<Row> = (rows: Row[], batchKey: string) => Promise<SubmitChunkResult | undefined | void>;

export type RowResult = { status: 'done'; idx?: number; number?: string } | { status: 'failed'; reason: string };

interface ChunkState {
  index: number;
  batchKey: string;
  /** Indexes into the parsed rows. */
  rows: number[];
  status: 'pending' | 'done' | 'failed';
}

export interface ChunkedSubmitOptions<Row> {
  kind: string;
  submit: SubmitChunk<Row>;
  chunkSize: number;
  onComplete?: () => void;
  batchKeyFor?: (chunkIndex: number, fileHash: string) => string;
  failureMessage?: (err: unknown) => string;
  /** Chunks in flight at once (1: one after another). */
  concurrency?: number;
}

/**
 * Registers the valid parsed rows chunk by chunk, `concurrency` requests at a time, and keeps each row's
 * result: the server writes every row of a chunk that passes and names the others (issue 23), so a row
 * fails only for its own reason, or with its whole chunk when the request itself failed.
 * A chunk's batch key is made once and reused on retry, so a chunk the server already took is not
 * registered twice (its retry answers the first result).
 */
export function useChunkedSubmit<Row>(
  sheet: { rows: ParsedRow<Row>[] | null; summary: ParseSummary | null; hash: string },
  { kind, submit, chunkSize, onComplete, batchKeyFor, failureMessage, concurrency = 1 }: ChunkedSubmitOptions<Row>,
) {
  const { rows, summary, hash } = sheet;
  const [chunks, setChunks] = useState<ChunkState[]>([]);
  const [results, setResults] = useState<Map<number, RowResult>>(new Map());
  const [submitting, setSubmitting] = useState(false);
  const [processed, setProcessed] = useState(0);

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

  const clear = () => {
    setChunks([]);
    setResults(new Map());
    setProcessed(0);
  };

  const runChunks = async (todo: ChunkState[], all: ChunkState[]) => {
    if (!rows) return;
    setSubmitting(true);
    const statuses = new Map<number, ChunkState['status']>();
    // Up to `concurrency` chunks in flight; each one's rows, status and progress are applied as it answers.
    await mapConcurrent(todo, concurrency, async (c) => {
      let status: ChunkState['status'];
      let rowResults: RowResult[];
      try {
        const answer = await submit(
          c.rows.map((i) => rows[i].value as Row),
          c.batchKey,
        );
        const byRow = new Map(((answer && answer.list ? answer.list : []) as SubmittedRow[]).map((x) => [x.row, x]));
        const refused = new Map((answer && answer.failed ? answer.failed : []).map((f) => [f.row, rowFailureReason(f)]));
        rowResults = c.rows.map((_, i): RowResult => {
          const reason = refused.get(i);
          return reason !== undefined ? { status: 'failed', reason } : { status: 'done', idx: byRow.get(i)?.idx, number: byRow.get(i)?.nftNumber };
        });
        status = 'done';
      } catch (err) {
        const reason = chunkFailureReason(err, failureMessage);
        rowResults = c.rows.map(() => ({ status: 'failed', reason }));
        status = 'failed';
      }
      statuses.set(c.index, status);
      setChunks((cs) => cs.map((x) => (x.index === c.index ? { ...x, status } : x)));
      setResults((prev) => {
        const next = new Map(prev);
        c.rows.forEach((rowIndex, i) => next.set(rowIndex, rowResults[i]));
        return next;
      });
      setProcessed((p) => p + c.rows.length);
    });
    setSubmitting(false);
    if (all.every((c) => (statuses.get(c.index) ?? c.status) === 'done')) onComplete?.();
  };

  const start = () => {
    if (!rows || !summary || submitting) return;
    const validIndexes = rows.flatMap((r, i) => (r.errors.length === 0 && r.value ? [i] : []));
    const all: ChunkState[] = chunkOf(validIndexes, chunkSize).map((ix, index) => ({
      index,
      batchKey: batchKeyFor ? batchKeyFor(index, hash) : batchKeyOf(kind, hash, index),
      rows: ix,
      status: 'pending',
    }));
    setChunks(all);
    setProcessed(0);
    void runChunks(all, all);
  };

  const retryFailed = () => {
    if (submitting) return;
    // A chunk that failed as a whole goes again under its own key: if the server did take it, the
    // retry answers that first result (rows refused by name are in a done chunk and stay as they are).
    const all = chunks.map((c): ChunkState => (c.status === 'failed' ? { ...c, status: 'pending' } : c));
    const failed = all.filter((c) => c.status === 'pending');
    setProcessed((summary?.valid ?? 0) - failed.reduce((n, c) => n + c.rows.length, 0));
    setChunks(all);
    void runChunks(failed, all);
  };

  const totalValid = summary?.valid ?? 0;
  const doneCount = Array.from(results.values()).filter((r) => r.status === 'done').length;
  const failedCount = Array.from(results.values()).filter((r) => r.status === 'failed').length;
  const started = chunks.length > 0;
  const finished = started && !submitting && chunks.every((c) => c.status !== 'pending');
  const hasFailedChunks = chunks.some((c) => c.status === 'failed');

  return {
    results,
    submitting,
    processed,
    totalValid,
    doneCount,
    failedCount,
    started,
    finished,
    hasFailedChunks,
    allRegistered: finished && !hasFailedChunks && failedCount === 0,
    progress: totalValid ? Math.round((processed / totalValid) * 100) : 0,
    start,
    retryFailed,
    clear,
  };
}

export type ChunkedSubmit = ReturnType<typeof useChunkedSubmit>;
