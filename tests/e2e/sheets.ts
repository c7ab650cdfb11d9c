import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import type { Page } from 'playwright-core';
import { EXCEL_META_SHEET } from '../../src/domain/excel';

/**
 * Spreadsheet files of an Excel upload flow, kept in a temporary directory of their own: read a
 * downloaded workbook, fill the downloaded form with rows, and save what a button downloads.
 */
export function sheetFiles(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));

  /** The first (data) sheet of a workbook as rows of cells, header first. */
  function dataRows(file: string): string[][] {
    const wb = XLSX.read(fs.readFileSync(file), { type: 'buffer' });
    const name = wb.SheetNames.find((n) => n !== EXCEL_META_SHEET)!;
    return XLSX.utils.sheet_to_json<string[]>(wb.Sheets[name], { header: 1, defval: '', raw: false });
  }

  /** The downloaded form with its example row replaced by `rows` (cells by header name without spaces or '*'); the meta sheet is kept. */
  function fillForm(form: string, rows: Record<string, string>[], out: string): string {
    const wb = XLSX.read(fs.readFileSync(form), { type: 'buffer' });
    const name = wb.SheetNames.find((n) => n !== EXCEL_META_SHEET)!;
    const header = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[name], { header: 1 })[0].map(String);
    const plain = header.map((h) => h.replace(/[\s*]/g, ''));
    wb.Sheets[name] = XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => plain.map((h) => r[h] ?? ''))]);
    const file = path.join(dir, out);
    fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }));
    return file;
  }

  /** Clicks the button and saves the file it downloads. */
  async function download(page: Page, button: string, out: string): Promise<string> {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    const target = path.join(dir, out);
    await file.saveAs(target);
    return target;
  }

  return { dir, dataRows, fillForm, download };
}
