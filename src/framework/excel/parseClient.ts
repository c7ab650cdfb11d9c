import { EXCEL_MSG, SHEETS, parseWorkbook, type ParsedRow, type ParseSummary, type SheetContext } from '../../domain/excel';

export type ParseOutcome = { ok: true; summary: ParseSummary } | { ok: false; error: string };

export type WorkerRequest = { type: 'parse'; id: number; buffer: ArrayBuffer; kind: string; ctx: SheetContext } | { type: 'warm'; kind: string };
export type WorkerResponse =
  | { id: number; type: 'rows'; rows: ParsedRow<unknown>[]; total: number }
  | { id: number; type: 'done'; outcome: ParseOutcome };

/**
 * Parses a workbook: validated rows arrive through `onRows` in slices (the first one is the first
 * preview page), the promise settles with the summary or the file's refusal. The page's default runs
 * in a Web Worker; tests inject one calling parseWorkbook directly (jsdom has no Worker).
 */
export type ParseFn = (buffer: ArrayBuffer, kind: string, ctx: SheetContext, onRows: (rows: ParsedRow<unknown>[], total: number) => void) => Promise<ParseOutcome>;

/** An in-thread ParseFn over parseWorkbook (tests, and browsers without module workers). */
export const inlineParse: ParseFn = async (buffer, kind, ctx, onRows) => {
  const spec = SHEETS[kind];
  if (!spec) return { ok: false, error: EXCEL_MSG.uploadFailed };
  const res = parseWorkbook(buffer, spec, ctx);
  if (!res.ok) return res;
  onRows(res.rows, res.rows.length);
  return { ok: true, summary: res.summary };
};

/** One worker shared by the upload pages, created on first use and ended after a minute unused. */
let shared: { worker: Worker; pending: Map<number, { onRows: Parameters<ParseFn>[3]; resolve: (o: ParseOutcome) => void }> } | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const IDLE_MS = 60_000;

function dropWorker() {
  if (!shared) return;
  shared.worker.terminate();
  for (const p of shared.pending.values()) p.resolve({ ok: false, error: EXCEL_MSG.uploadFailed });
  shared = null;
}

function scheduleIdle() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (shared && shared.pending.size === 0) dropWorker();
  }, IDLE_MS);
}

function getWorker() {
  if (shared) return shared;
  const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
  const state = { worker, pending: new Map<number, { onRows: Parameters<ParseFn>[3]; resolve: (o: ParseOutcome) => void }>() };
  worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
    const msg = e.data;
    const p = state.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'rows') p.onRows(msg.rows, msg.total);
    else {
      state.pending.delete(msg.id);
      p.resolve(msg.outcome);
      scheduleIdle();
    }
  };
  worker.onerror = () => {
    if (shared === state) dropWorker();
  };
  shared = state;
  scheduleIdle();
  return state;
}

/** Starts the worker and warms it with a small form of `kind`, ahead of the first file. */
export function warmWorkerParse(kind: string) {
  try {
    getWorker().worker.postMessage({ type: 'warm', kind } satisfies WorkerRequest);
  } catch {
    // no worker: the parse will report the failure
  }
}

/** The Web Worker ParseFn; the buffer is transferred, not copied. */
export const workerParse: ParseFn = (buffer, kind, ctx, onRows) =>
  new Promise((resolve) => {
    let state: ReturnType<typeof getWorker>;
    try {
      state = getWorker();
    } catch {
      resolve({ ok: false, error: EXCEL_MSG.uploadFailed });
      return;
    }
    const id = nextId++;
    state.pending.set(id, { onRows, resolve });
    clearTimeout(idleTimer);
    state.worker.postMessage({ type: 'parse', id, buffer, kind, ctx } satisfies WorkerRequest, [buffer]);
  });

/**
 * A hex digest of the file, the base of the chunks' idempotency keys: SHA-256 where WebCrypto exists
 * (secure contexts), else two independent 32-bit FNV-1a passes plus the length.
 */
export async function fileHash(buffer: ArrayBuffer): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const digest = new Uint8Array(await subtle.digest('SHA-256', buffer));
      return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    } catch {
      // fall through to the JS hash
    }
  }
  const bytes = new Uint8Array(buffer);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    a = Math.imul(a ^ bytes[i], 0x01000193) >>> 0;
    b = Math.imul(b ^ bytes[bytes.length - 1 - i], 0x01000193) >>> 0;
  }
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return `${hex(a)}${hex(b)}${hex(bytes.length)}`;
}

/** Reads a File/Blob as bytes (File.arrayBuffer, or FileReader where it is missing). */
export function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Triggers a browser download of an xlsx buffer. */
export function downloadXlsx(data: ArrayBuffer, fileName: string) {
  const blob = new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
