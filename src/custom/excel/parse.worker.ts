/// <reference lib="webworker" />
import { SHEETS, EXCEL_MSG, parseWorkbook, type ParseResult } from '../../domain/excel';
import type { ParseRequest, ParseResponse } from './parseClient';

/**
 * Parses an uploaded workbook off the main thread: read, meta/version/header/row-count checks,
 * normalisation and validation of every row (parseWorkbook), then posts the result back.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { id, buffer, kind, ctx } = event.data;
  let result: ParseResult<unknown>;
  try {
    const spec = SHEETS[kind];
    result = spec ? parseWorkbook(buffer, spec, ctx) : { ok: false, error: EXCEL_MSG.uploadFailed };
  } catch {
    result = { ok: false, error: EXCEL_MSG.uploadFailed };
  }
  const response: ParseResponse = { id, result };
  scope.postMessage(response);
};
