import { EXCEL_MSG, type ParseResult, type SheetContext } from '../../domain/excel';

/** What the page asks a parser: the file's bytes, the sheet kind (specs hold functions, so only the kind crosses) and the context. */
export interface ParseRequest {
  id: number;
  buffer: ArrayBuffer;
  kind: string;
  ctx: SheetContext;
}
export interface ParseResponse {
  id: number;
  result: ParseResult<unknown>;
}

/** Parses a workbook; the page's default runs it in a Web Worker, tests inject one calling parseWorkbook directly. */
export type ParseFn = (buffer: ArrayBuffer, kind: string, ctx: SheetContext) => Promise<ParseResult<unknown>>;

let nextId = 1;

/** One short-lived worker per file: the buffer is transferred (not copied) and the worker ends with the answer. */
export const workerParse: ParseFn = (buffer, kind, ctx) =>
  new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve({ ok: false, error: EXCEL_MSG.uploadFailed });
      return;
    }
    const id = nextId++;
    const finish = (result: ParseResult<unknown>) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (e: MessageEvent<ParseResponse>) => {
      if (e.data?.id === id) finish(e.data.result);
    };
    worker.onerror = () => finish({ ok: false, error: EXCEL_MSG.uploadFailed });
    worker.onmessageerror = () => finish({ ok: false, error: EXCEL_MSG.uploadFailed });
    const request: ParseRequest = { id, buffer, kind, ctx };
    worker.postMessage(request, [buffer]);
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
