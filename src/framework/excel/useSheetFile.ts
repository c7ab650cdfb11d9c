import { useEffect, useRef, useState } from 'react';
import { EXCEL_MSG, detectExcelFile, type ParsedRow, type ParseSummary, type SheetContext, type SheetSpec } from '../../domain/excel';
import { fileHash, readBytes, warmWorkerParse, workerParse, type ParseFn } from './parseClient';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads a chosen spreadsheet: checks it is one, hashes it (the chunks' batch keys derive from the
 * hash), waits the spec's delay, then parses it, taking the validated rows slice by slice as the
 * parser sends them. Choosing another file or resetting abandons the run in flight.
 */
export function useSheetFile<Row>(spec: SheetSpec<Row>, ctx: SheetContext, parse: ParseFn, delayMs: number) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Bumped by every new file and reset; a run whose number is stale drops its late answers.
  const runRef = useRef(0);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<ParsedRow<Row>[] | null>(null);
  const [summary, setSummary] = useState<ParseSummary | null>(null);
  /** Rows the file has (known once it is opened), while validated rows are still arriving. */
  const [total, setTotal] = useState(0);
  const [hash, setHash] = useState('');

  useEffect(() => {
    if (parse === workerParse) warmWorkerParse(spec.kind);
  }, [parse, spec.kind]);

  const reset = () => {
    runRef.current++;
    setTotal(0);
    setReading(false);
    setFileError(null);
    setFileName(null);
    setRows(null);
    setSummary(null);
    setHash('');
    if (inputRef.current) inputRef.current.value = '';
  };

  const read = async (file: File) => {
    const run = ++runRef.current;
    setFileError(null);
    setRows(null);
    setSummary(null);
    setTotal(0);
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
  };

  return { inputRef, reading, fileError, fileName, rows, summary, total, hash, read, reset };
}
