import * as XLSX from 'xlsx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ExcelUploadPage, type SubmitChunkResult } from './ExcelUploadPage';
import { inlineParse, type ParseFn } from './parseClient';
import { renderWithAdmin } from '../../testing/render';
import { setupMsw } from '../../testing/server';
import { ApiRequestError } from '../../providers/http';
import {
  EXCEL_ERROR_COLUMN,
  EXCEL_MSG,
  buildFormWorkbook,
  parseWorkbook,
  productSheet,
  workbookToArray,
  type ProductSheetRow,
  type SheetSpec,
} from '../../domain/excel';

setupMsw();

const ctx = { requireBrand: true, brands: [{ idx: 7, name: '데모브랜드' }] };

type Values = Partial<Record<string, string | number>>;
function xlsxFile(rows: Values[], name = '상품.xlsx'): File {
  const wb = buildFormWorkbook(productSheet as SheetSpec<unknown>, ctx);
  const header = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0];
  const aoa = [header, ...rows.map((v) => productSheet.columns.map((c) => v[c.key] ?? null))];
  wb.Sheets[wb.SheetNames[0]] = XLSX.utils.aoa_to_sheet(aoa);
  return new File([workbookToArray(wb)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

function chooseFile(file: File) {
  fireEvent.change(screen.getByTestId('excel-file-input'), { target: { files: [file] } });
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function renderPage(props: { parse?: ParseFn; submit?: (rows: ProductSheetRow[], key: string) => Promise<SubmitChunkResult>; download?: (d: ArrayBuffer, n: string) => void } = {}) {
  const submit = vi.fn<(rows: ProductSheetRow[], key: string) => Promise<SubmitChunkResult>>(props.submit ?? (async (rows) => ({ list: rows.map((_, row) => ({ row, idx: row + 1 })) })));
  const download = vi.fn(props.download ?? (() => undefined));
  const utils = renderWithAdmin(<ExcelUploadPage spec={productSheet} ctx={ctx} submit={submit} parse={props.parse ?? inlineParse} delayMs={0} download={download} />);
  return { ...utils, submit, download };
}

describe('ExcelUploadPage', () => {
  it('downloads the form with the version marker', async () => {
    const { user, download } = renderPage();
    await user.click(screen.getByRole('button', { name: /양식 내려받기/ }));
    const [data, name] = download.mock.calls[0];
    expect(name).toBe('상품_일괄등록_양식.xlsx');
    const wb = XLSX.read(data, { type: 'array' });
    expect(XLSX.utils.sheet_to_json(wb.Sheets.__meta, { header: 1 })).toContainEqual(['version', 'product-v1']);
  });

  it('rejects a file that is not a spreadsheet, by name and by content', async () => {
    renderPage();
    chooseFile(new File(['a,b'], 'products.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXCEL_MSG.fileType);
    chooseFile(new File(['not really'], 'fake.xlsx'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(EXCEL_MSG.fileType));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the workbook-level refusal (an old form)', async () => {
    renderPage();
    const wb = buildFormWorkbook(productSheet as SheetSpec<unknown>, ctx);
    wb.Sheets.__meta = XLSX.utils.aoa_to_sheet([['kind', 'product'], ['version', 'product-v0'], ['type', 'form']]);
    chooseFile(new File([workbookToArray(wb)], 'old.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXCEL_MSG.oldVersion);
  });

  it('is keyboard accessible and takes a dropped file', async () => {
    const { user } = renderPage();
    const zone = screen.getByRole('button', { name: /^엑셀 파일을 끌어다 놓거나 눌러서 선택해 주세요/ });
    const input = screen.getByTestId('excel-file-input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    zone.focus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(zone).toHaveTextContent('여기에 파일을 놓아 주세요');
    fireEvent.drop(zone, { dataTransfer: { files: [xlsxFile([{ name: 'A', brandIdx: 7 }])] } });
    expect(await screen.findByText('전체 1')).toBeInTheDocument();
  });

  it('previews with marked cells, exports the error rows, submits in chunks of 1,000 with progress, and retries a failed chunk with the same batch key', async () => {
    const valid = Array.from({ length: 2050 }, (_, i) => ({ name: `상품 ${i + 1}`, brandIdx: '데모브랜드', price: '1,000', categoryCode: i % 2 ? '가방' : 3 }));
    const rows: Values[] = [{ brandIdx: 7, price: '12a' }, ...valid.slice(0, 150), { name: 'B', brandIdx: 7, categoryCode: '9' }, ...valid.slice(150)];
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    let attempt = 0;
    const { user, submit, download } = renderPage({
      submit: async (chunkRows, key) => {
        const n = Number(key.split('-').at(-1));
        await gates[n].promise;
        if (n === 1 && attempt++ === 0) throw new ApiRequestError(0, { message: 'network' });
        return { list: chunkRows.map((_, row) => ({ row, idx: n * 1000 + row + 1 })) };
      },
    });
    chooseFile(xlsxFile(rows));

    // Counts and the first page (100 rows) with the bad cells marked.
    expect(await screen.findByText('전체 2,052')).toBeInTheDocument();
    expect(screen.getByText('정상 2,050')).toBeInTheDocument();
    expect(screen.getByText('오류 2')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '미리보기' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    const first = table.querySelector('tr[data-line="2"]') as HTMLElement;
    expect(within(first).getByTestId('row-status')).toHaveTextContent('필수 항목 누락: 상품명 / 형식 오류: 가격');
    expect(first.querySelectorAll('td[data-error="missing"]')).toHaveLength(1);
    expect(first.querySelector('td[data-error="format"]')).toHaveTextContent('12a');
    expect(first.querySelector('td[data-error="format"]')).toHaveAttribute('title', '가격은 0 이상의 숫자로 입력해 주세요');
    expect(within(table.querySelector('tr[data-line="3"]') as HTMLElement).getByTestId('row-status')).toHaveTextContent('정상');

    // Paging and the errors-only filter.
    await user.click(screen.getByRole('button', { name: '2페이지' }));
    expect(table.querySelector('tr[data-line="102"]')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: '오류 행만 보기' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.querySelector('tr[data-line="153"]')).toHaveTextContent('형식 오류: 카테고리');

    // Error export: the two bad rows with 오류 내용, refused when uploaded back.
    await user.click(screen.getByRole('button', { name: /오류 행 내려받기/ }));
    const [errData, errName] = download.mock.calls[0];
    expect(errName).toBe('상품_오류내역.xlsx');
    const errWb = XLSX.read(errData, { type: 'array' });
    const errAoa = XLSX.utils.sheet_to_json<string[]>(errWb.Sheets[errWb.SheetNames[0]], { header: 1, defval: '' });
    expect(errAoa[0].at(-1)).toBe(EXCEL_ERROR_COLUMN);
    expect(errAoa.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['', '필수 항목 누락: 상품명 / 형식 오류: 가격'],
      ['B', '형식 오류: 카테고리'],
    ]);
    expect(errAoa[1][5]).toBe('12a');
    expect(parseWorkbook(errData, productSheet, ctx)).toEqual({ ok: false, error: EXCEL_MSG.errorExport });

    // Submit: chunks of 1,000, 1,000 and 50 valid rows, one after another, with a determinate progress bar.
    await user.click(screen.getByRole('switch', { name: '오류 행만 보기' }));
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    const bar = screen.getByRole('progressbar', { name: '등록 진행률' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const [rows0, key0] = submit.mock.calls[0];
    expect(rows0).toHaveLength(1000);
    expect(rows0[0]).toMatchObject({ name: '상품 1', brandIdx: 7, price: 1000, categoryCode: 3 });
    expect(key0).toMatch(/^product-[0-9a-f]{24,32}-0$/);
    gates[0].resolve();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '49'));
    expect(screen.getByText('1,000 / 2,050행 처리 중')).toBeInTheDocument();
    gates[1].resolve();
    gates[2].resolve();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(3));
    expect(submit.mock.calls.map(([r, k]) => [r.length, k.split('-').at(-1)])).toEqual([
      [1000, '0'],
      [1000, '1'],
      [50, '2'],
    ]);
    await waitFor(() => expect(screen.getByText('등록 1,050건 · 실패 1,000건')).toBeInTheDocument());
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    // Per-row results: chunk 0 registered, chunk 1 failed with the reason, invalid rows keep their errors.
    expect(within(table.querySelector('tr[data-line="3"]') as HTMLElement).getByTestId('row-status')).toHaveTextContent('등록됨');
    expect(within(table.querySelector('tr[data-line="2"]') as HTMLElement).getByTestId('row-status')).toHaveTextContent('필수 항목 누락');

    // The failed chunk (rows 1,001–2,000 of the valid ones) is resent with the same key.
    await user.click(screen.getByRole('button', { name: '실패한 행 다시 등록하기' }));
    await waitFor(() => expect(screen.getByText('정상 행을 모두 등록했어요')).toBeInTheDocument());
    expect(submit).toHaveBeenCalledTimes(4);
    expect(submit.mock.calls[3][1]).toBe(submit.mock.calls[1][1]);
    expect(submit.mock.calls[3][0]).toEqual(submit.mock.calls[1][0]);
    expect(screen.getByText('등록 2,050건 · 실패 0건')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '실패한 행 다시 등록하기' })).not.toBeInTheDocument();
  }, 60_000);

  it('with concurrency 2 keeps two chunks in flight, counts progress and rows as each answers (in any order), and retries only the failed chunk with its key', async () => {
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    let attempt = 0;
    const submit = vi.fn(async (chunkRows: ProductSheetRow[], key: string): Promise<SubmitChunkResult> => {
      const n = Number(key.split('-').at(-1));
      await gates[n].promise;
      if (n === 0 && attempt++ === 0) throw new ApiRequestError(0, { message: 'network' });
      return { list: chunkRows.map((_, row) => ({ row, idx: n * 100 + row + 1 })) };
    });
    const onComplete = vi.fn();
    const { user } = renderWithAdmin(
      <ExcelUploadPage spec={productSheet} ctx={ctx} submit={submit} parse={inlineParse} delayMs={0} chunkSize={10} concurrency={2} onComplete={onComplete} />,
    );
    chooseFile(xlsxFile(Array.from({ length: 25 }, (_, i) => ({ name: `상품 ${i + 1}`, brandIdx: 7 }))));
    expect(await screen.findByText('정상 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    const bar = screen.getByRole('progressbar', { name: '등록 진행률' });
    // Two chunks go at once; the third waits for one of them.
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    expect(submit.mock.calls.map(([r, k]) => [r.length, k.split('-').at(-1)])).toEqual([[10, '0'], [10, '1']]);
    // The second answers first: its rows and progress count, and the third chunk starts.
    gates[1].resolve();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('10 / 25행 처리 중')).toBeInTheDocument();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(3));
    expect(submit.mock.calls[2][0]).toHaveLength(5);
    const table = screen.getByRole('table', { name: '미리보기' });
    const status = (line: number) => within(table.querySelector(`tr[data-line="${line}"]`) as HTMLElement).getByTestId('row-status');
    expect(status(12)).toHaveTextContent('등록됨');
    gates[2].resolve();
    gates[0].resolve();
    await waitFor(() => expect(screen.getByText('등록 15건 · 실패 10건')).toBeInTheDocument());
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(status(2)).not.toHaveTextContent('등록됨');
    expect(status(22)).toHaveTextContent('등록됨');
    expect(onComplete).not.toHaveBeenCalled();
    // Only the failed chunk goes again, under its own key.
    await user.click(screen.getByRole('button', { name: '실패한 행 다시 등록하기' }));
    await waitFor(() => expect(screen.getByText('정상 행을 모두 등록했어요')).toBeInTheDocument());
    expect(submit).toHaveBeenCalledTimes(4);
    expect(submit.mock.calls[3][1]).toBe(submit.mock.calls[0][1]);
    expect(screen.getByText('등록 25건 · 실패 0건')).toBeInTheDocument();
    expect(status(2)).toHaveTextContent('등록됨');
    expect(onComplete).toHaveBeenCalledTimes(1);
  }, 60_000);

  it('shows the first preview page while the rest of the rows are still being checked', async () => {
    const gate = deferred<void>();
    const parse: ParseFn = async (buffer, _kind, c, onRows) => {
      const res = parseWorkbook(buffer, productSheet, c);
      if (!res.ok) return res;
      onRows(res.rows.slice(0, 100), res.rows.length);
      await gate.promise;
      onRows(res.rows.slice(100), res.rows.length);
      return { ok: true, summary: res.summary };
    };
    renderPage({ parse });
    chooseFile(xlsxFile(Array.from({ length: 150 }, (_, i) => ({ name: `상품 ${i}`, brandIdx: 7 }))));
    expect(await screen.findByText('행을 확인하고 있어요 (100 / 150)')).toBeInTheDocument();
    expect(screen.getByText('전체 150')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '미리보기' }).querySelector('tr[data-line="101"]')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '등록하기' })).toBeDisabled();
    gate.resolve();
    expect(await screen.findByText('정상 150')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '등록하기' })).toBeEnabled();
  });

  it('shows the reason of a row the server refused on that row alone; the rest of its chunk is registered', async () => {
    const { user } = renderPage({
      submit: async () => ({
        list: [{ row: 0, idx: 1 }],
        failed: [{ row: 1, code: 'VALIDATION_FAILED', message: '이미 등록된 상품이에요', errors: { name: '이미 등록된 상품이에요' } }],
      }),
    });
    chooseFile(xlsxFile([{ name: 'A', brandIdx: 7 }, { name: 'B', brandIdx: 7 }]));
    await user.click(await screen.findByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.getByText('등록 1건 · 실패 1건')).toBeInTheDocument());
    const table = screen.getByRole('table', { name: '미리보기' });
    expect(table.querySelector('tr[data-line="2"]')).toHaveTextContent('등록됨');
    expect(table.querySelector('tr[data-line="3"]')).toHaveTextContent('실패: 이미 등록된 상품이에요');
    // Nothing to retry: the refused row goes to the error export.
    expect(screen.queryByRole('button', { name: '실패한 행 다시 등록하기' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /오류 행 내려받기/ })).toBeEnabled();
  });
});
