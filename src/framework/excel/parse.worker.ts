/// <reference lib="webworker" />
import { SHEETS, EXCEL_MSG, buildFormWorkbook, openWorkbook, parseWorkbook, summarize, validateRows, workbookToArray, type ParsedRow } from '../../domain/excel';
import type { WorkerRequest, WorkerResponse } from './parseClient';
// Registers the guarantee sheets in SHEETS (the worker looks specs up by kind).
import '../../domain/guaranteeSheet';
import '../../domain/membershipSheet';

/**
 * Parses an uploaded workbook off the main thread: read, meta/version/header/row-count checks, then
 * normalisation and validation of the rows in slices: the first preview page (100 rows) is posted at
 * once, the rest in slices of 1,000, so the page shows a preview early and never deserialises all
 * 10,000 rows in one task.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const FIRST_SLICE = 100;
const SLICE = 1_000;

const post = (msg: WorkerResponse) => scope.postMessage(msg);

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  if (req.type === 'warm') {
    // JIT-warms the read and validation paths with a small form while the user picks a file.
    try {
      const spec = SHEETS[req.kind];
      if (spec) parseWorkbook(workbookToArray(buildFormWorkbook(spec)), spec);
    } catch {
      // warming is best-effort
    }
    return;
  }
  const { id, buffer, kind, ctx } = req;
  try {
    const spec = SHEETS[kind];
    if (!spec) return post({ id, type: 'done', outcome: { ok: false, error: EXCEL_MSG.uploadFailed } });
    const opened = openWorkbook(buffer, spec);
    if (!opened.ok) return post({ id, type: 'done', outcome: opened });
    const total = opened.body.length;
    const all: ParsedRow<unknown>[] = [];
    for (let from = 0; from < total; from = from === 0 ? FIRST_SLICE : from + SLICE) {
      const to = from === 0 ? FIRST_SLICE : from + SLICE;
      const rows = validateRows(spec, opened.body.slice(from, to), ctx);
      for (const r of rows) all.push(r);
      post({ id, type: 'rows', rows, total });
    }
    post({ id, type: 'done', outcome: { ok: true, summary: summarize(all) } });
  } catch {
    post({ id, type: 'done', outcome: { ok: false, error: EXCEL_MSG.uploadFailed } });
  }
};
