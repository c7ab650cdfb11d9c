import * as XLSX from 'xlsx';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { ProductExcelUpload } from './ProductExcelUpload';
import { inlineParse } from '../../framework/excel';
import { renderWithAdmin } from '../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { buildFormWorkbook, productSheet, workbookToArray, type SheetSpec } from '../../domain/excel';

setupMsw();

const BULK = '/api/v1/admin/partners-product/bulk';

function file(rows: (string | number | null)[][]): File {
  const wb = buildFormWorkbook(productSheet as SheetSpec<unknown>, { requireBrand: true });
  const header = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0];
  wb.Sheets[wb.SheetNames[0]] = XLSX.utils.aoa_to_sheet([header, ...rows]);
  return new File([workbookToArray(wb)], '상품.xlsx');
}

describe('ProductExcelUpload', () => {
  it('a cooperator names brands by name; valid rows are POSTed to the bulk endpoint with a batch key', async () => {
    signIn(brandAccount({ b2bType: 'cooperator' }));
    server.use(http.get('/api/v1/admin/brand/list', () => json({ list: [{ idx: 11, name: '브랜드A', englishName: 'A' }] })));
    const bodies: { batchKey: string; rows: unknown[] }[] = [];
    server.use(
      http.post(BULK, async ({ request }) => {
        const body = (await request.json()) as { batchKey: string; rows: unknown[] };
        bodies.push(body);
        return json({ list: body.rows.map((_, row) => ({ row, idx: 500 + row })) }, { status: 201 });
      }),
    );
    const { user } = renderWithAdmin(<ProductExcelUpload parse={inlineParse} delayMs={0} />);
    await screen.findByRole('button', { name: /양식 내려받기/ });
    fireEvent.change(screen.getByTestId('excel-file-input'), {
      target: {
        files: [
          file([
            ['토트백', '브랜드A', 'C-1', null, null, '1,500', null, '가방', null, null, null],
            ['지갑', '없는 브랜드', null, null, null, null, null, null, null, null, null],
          ]),
        ],
      },
    });
    expect(await screen.findByText('정상 1')).toBeInTheDocument();
    expect(screen.getByText('형식 오류: 브랜드')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.getByText('등록 1건 · 실패 0건')).toBeInTheDocument());
    expect(bodies).toHaveLength(1);
    expect(bodies[0].batchKey).toMatch(/^product-[0-9a-f]+-0$/);
    expect(bodies[0].rows).toEqual([expect.objectContaining({ name: '토트백', brandIdx: 11, code: 'C-1', price: 1500, categoryCode: 1 })]);
  });

  it('a brand account may leave the brand empty; a failed request can be retried with the same key', async () => {
    signIn(brandAccount());
    server.use(http.get('/api/v1/admin/brand/list', () => fail(500, { code: 'INTERNAL_ERROR', message: 'x' })));
    const keys: string[] = [];
    let calls = 0;
    server.use(
      http.post(BULK, async ({ request }) => {
        keys.push(((await request.json()) as { batchKey: string }).batchKey);
        return calls++ === 0 ? fail(503, { code: 'INTERNAL_ERROR', message: '잠시 후 다시 시도해 주세요.' }) : json({ list: [{ row: 0, idx: 1 }] });
      }),
    );
    const { user } = renderWithAdmin(<ProductExcelUpload parse={inlineParse} delayMs={0} />);
    await screen.findByRole('button', { name: /양식 내려받기/ });
    fireEvent.change(screen.getByTestId('excel-file-input'), { target: { files: [file([['토트백', null, null, null, null, null, null, null, null, null, null]])] } });
    await user.click(await screen.findByRole('button', { name: '등록하기' }));
    expect(await screen.findByText(/실패: 파일 업로드에 실패했어요/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '실패한 행 다시 등록하기' }));
    expect(await screen.findByText('등록됨')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
