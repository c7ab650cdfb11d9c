import * as XLSX from 'xlsx';

/**
 * A list's spreadsheet export: the list's pages read one after another, then one sheet. Resources
 * declare the sheet (ExportSheet) and call exportPages; not in ./index.ts, so that xlsx stays in the
 * lazily imported export chunk.
 */

export type ExportCell = string | number | null;

/** Writes a workbook (saves it as a download in the app; tests inject one that keeps it). */
export type WorkbookWriter = (workbook: XLSX.WorkBook, fileName: string) => void | Promise<void>;

export const writeXlsxFile: WorkbookWriter = (workbook, fileName) => {
  XLSX.writeFile(workbook, fileName, { compression: true });
};

/** What one export writes: the sheet's name, its header row, each column's width and a record's row. */
export interface ExportSheet<T> {
  sheetName: string;
  headers: readonly string[];
  /** Column width (characters) of the column under `header`. */
  width: (header: string) => number;
  rowOf: (record: T) => ExportCell[];
}

export interface ExportPagesOptions<T> {
  /** Page `page` (from 1) of `pageSize` records with the list's filters and sort; `total` when known. */
  fetchPage: (page: number, pageSize: number) => Promise<{ data: T[]; total?: number }>;
  onProgress?: (done: number, total: number | undefined) => void;
  write?: WorkbookWriter;
  fileName: string;
  pageSize?: number;
  signal?: AbortSignal;
}

/**
 * Reads pages until a short page (or the total) is reached, then writes one sheet with `sheet`'s
 * headers; answers the number of rows written. An aborted `signal` stops before the next page.
 */
export async function exportPages<T>(
  sheet: ExportSheet<T>,
  { fetchPage, onProgress, write = writeXlsxFile, fileName, pageSize: size, signal }: ExportPagesOptions<T>,
  defaultPageSize: number,
): Promise<number> {
  const pageSize = size ?? defaultPageSize;
  const rows: ExportCell[][] = [];
  let total: number | undefined;
  for (let page = 1; ; page += 1) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const { data, total: t } = await fetchPage(page, pageSize);
    if (t !== undefined) total = t;
    for (const record of data) rows.push(sheet.rowOf(record));
    onProgress?.(rows.length, total);
    if (data.length < pageSize || (total !== undefined && rows.length >= total)) break;
  }
  const ws = XLSX.utils.aoa_to_sheet([[...sheet.headers], ...rows]);
  ws['!cols'] = sheet.headers.map((h) => ({ wch: sheet.width(h) }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, ws, sheet.sheetName);
  await write(workbook, fileName);
  return rows.length;
}
