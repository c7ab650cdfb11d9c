import * as XLSX from 'xlsx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { GuaranteeExcelUpload, guaranteeFailureMessage, newBatchKey } from './GuaranteeExcelUpload';
import { inlineParse } from '../../framework/excel';
import { renderWithAdmin } from '../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { EXCEL_MSG, buildFormWorkbook, workbookToArray, type SheetSpec } from '../../domain/excel';
import { GUARANTEE_MSG } from '../../domain/guarantee';
import { GUARANTEE_SHEET_MSG, guaranteeBrandSheet, guaranteeCooperatorSheet, type GuaranteeSheetRow } from '../../domain/guaranteeSheet';
import { bulkIssueKo } from '../../i18n/bulkIssue.ko';
import { onAppEvent, type AppEvent } from '../../framework/events';

setupMsw();

const BULK = '/api/v1/admin/nft/bulk';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type Body = { batchKey: string; rows: Record<string, unknown>[] };

function file(spec: SheetSpec<GuaranteeSheetRow>, rows: Record<string, string | number>[]): File {
  const wb = buildFormWorkbook(spec as SheetSpec<unknown>);
  const header = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0];
  wb.Sheets[wb.SheetNames[0]] = XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => spec.columns.map((c) => r[c.key] ?? null))]);
  return new File([workbookToArray(wb)], '보증서.xlsx');
}

const person = (n: number, over: Record<string, string | number> = {}) => ({
  ordererName: `고객${n}`,
  ordererTel: `010-1234-${String(1000 + n)}`,
  productName: '시그니처 레더 토트백',
  ...over,
});

const CATALOGUE = '/api/v1/admin/nft/bulk/catalogue';
const TOTE = { modelNumber: 'DB-BAG-001', idx: 51, name: '시그니처 레더 토트백' };

/** The brand and store lists, and the catalogue lookup answering from `catalogue` (its request bodies are collected). */
function lists(stores: 'ok' | 'fail' = 'ok', catalogue: (typeof TOTE)[] | 'fail' = []) {
  const asked: string[][] = [];
  server.use(
    http.get('/api/v1/admin/brand/list', () => json({ list: [{ idx: 11, name: '브랜드A', englishName: 'Brand A' }] })),
    http.get('/api/v1/admin/store/list', () => (stores === 'ok' ? json({ list: [{ idx: 31, name: '신세계 강남점', tag: null, pinned: 'N' }] }) : fail(500, { code: 'INTERNAL_ERROR', message: 'x' }))),
    http.post(CATALOGUE, async ({ request }) => {
      const { modelNumbers } = (await request.json()) as { modelNumbers: string[] };
      asked.push(modelNumbers);
      if (catalogue === 'fail') return fail(500, { code: 'INTERNAL_ERROR', message: 'x' });
      return json({ list: catalogue.filter((p) => modelNumbers.includes(p.modelNumber)) });
    }),
  );
  return asked;
}

const statusOf = (line: number) => within(document.querySelector(`tr[data-line="${line}"]`) as HTMLElement).getByTestId('row-status');

async function drop(f: File) {
  await screen.findByRole('button', { name: /양식 내려받기/ });
  fireEvent.change(screen.getByTestId('excel-file-input'), { target: { files: [f] } });
}

// Whole flows (parse, preview, submit, retry) in jsdom: allow for a busy machine.
describe('GuaranteeExcelUpload', () => {
  it('a cooperator: brand and store names are matched to idx, unknown ones mark the row; valid rows go with a UUID batch key and show their numbers', async () => {
    signIn(brandAccount({ b2bType: 'cooperator' }));
    lists();
    const bodies: Body[] = [];
    server.use(
      http.post(BULK, async ({ request }) => {
        const body = (await request.json()) as Body;
        bodies.push(body);
        return json({ list: body.rows.map((_, row) => ({ row, idx: 900 + row, nftNumber: `G-00${row + 1}` })) }, { status: 201 });
      }),
    );
    const { user } = renderWithAdmin(<GuaranteeExcelUpload parse={inlineParse} delayMs={0} />);
    expect(await screen.findByRole('heading', { name: bulkIssueKo.bulkIssue.title })).toBeInTheDocument();
    await drop(
      file(guaranteeCooperatorSheet, [
        person(1, { brandIdx: '브랜드 a', categoryCode: '가방', storeName: '신세계 강남점', price: '1,000' }),
        person(2, { brandIdx: '없는 브랜드', categoryCode: '가방' }),
        person(3, { brandIdx: '브랜드A', categoryCode: '가방', storeName: '롯데 본점' }),
        person(4, { brandIdx: '브랜드A' }),
        person(5, { brandIdx: '브랜드A', categoryCode: '지갑', productImage: 'https://x.test/a.gif' }),
      ]),
    );
    expect(await screen.findByText('정상 1')).toBeInTheDocument();
    expect(screen.getByText('오류 4')).toBeInTheDocument();
    expect(statusOf(3)).toHaveTextContent(EXCEL_MSG.format(['브랜드']));
    expect(statusOf(4)).toHaveTextContent(EXCEL_MSG.format(['매장명']));
    expect(statusOf(5)).toHaveTextContent(EXCEL_MSG.missing(['카테고리']));
    expect(statusOf(6)).toHaveTextContent(EXCEL_MSG.format(['상품 이미지 URL']));
    // The cell says why.
    expect(document.querySelector('tr[data-line="3"] td[data-error="format"]')).toHaveAttribute('title', GUARANTEE_SHEET_MSG.brandUnknown);

    await user.click(screen.getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.getByText('등록 1건 · 실패 0건')).toBeInTheDocument());
    expect(bodies).toHaveLength(1);
    expect(bodies[0].batchKey).toMatch(UUID);
    expect(bodies[0].rows).toEqual([
      expect.objectContaining({ ordererName: '고객1', ordererCountryCode: '82', brandIdx: 11, storeIdx: 31, storeName: '신세계 강남점', categoryCode: 1, price: 1000 }),
    ]);
    expect(statusOf(2)).toHaveTextContent('등록됨 · G-001');
  });

  it('matching-fail: a model number whose catalogue name differs is an error in the preview; the other rows are issued at once', async () => {
    signIn(brandAccount());
    const asked = lists('ok', [TOTE]);
    const bodies: Body[] = [];
    server.use(
      http.post(BULK, async ({ request }) => {
        const body = (await request.json()) as Body;
        bodies.push(body);
        return json({ list: body.rows.map((_, row) => ({ row, idx: 800 + row, nftNumber: `M-${row}` })) }, { status: 201 });
      }),
    );
    const { user } = renderWithAdmin(<GuaranteeExcelUpload parse={inlineParse} delayMs={0} />);
    await drop(
      file(guaranteeBrandSheet, [
        person(1, { modelNumber: 'DB-BAG-001' }),
        person(2, { modelNumber: 'DB-BAG-001', productName: '다른 이름' }),
        person(3),
        person(4, { modelNumber: 'NEW-1', productName: '새 상품' }),
      ]),
    );
    expect(await screen.findByText('정상 3')).toBeInTheDocument();
    expect(screen.getByText('오류 1')).toBeInTheDocument();
    // One lookup for the sheet's distinct model numbers.
    expect(asked).toEqual([['DB-BAG-001', 'NEW-1']]);
    const mismatch = GUARANTEE_SHEET_MSG.productMismatch(TOTE.name);
    expect(statusOf(3)).toHaveTextContent(mismatch);
    expect(document.querySelector('tr[data-line="3"] td[data-error="mismatch"]')).toHaveAttribute('title', mismatch);
    expect(document.querySelector('tr[data-line="3"] td[data-error="mismatch"]')).toHaveTextContent('다른 이름');

    await user.click(screen.getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.getByText('등록 3건 · 실패 0건')).toBeInTheDocument());
    expect(bodies).toHaveLength(1);
    expect(bodies[0].rows.map((r) => r.ordererName)).toEqual(['고객1', '고객3', '고객4']);
    expect(statusOf(3)).toHaveTextContent(mismatch);
  });

  it('matching-fail: a catalogue that cannot be looked up refuses the file with the matching message', async () => {
    signIn(brandAccount());
    lists('ok', 'fail');
    renderWithAdmin(<GuaranteeExcelUpload parse={inlineParse} delayMs={0} />);
    await drop(file(guaranteeBrandSheet, [person(1, { modelNumber: 'DB-BAG-001' })]));
    expect(await screen.findByRole('alert')).toHaveTextContent(bulkIssueKo.bulkIssue.matchFailed);
    expect(screen.queryByRole('button', { name: '등록하기' })).not.toBeInTheDocument();
  });

  it('a row the server still refuses (the catalogue changed after the preview) is shown with its reason, and the other rows of its chunk are issued', async () => {
    signIn(brandAccount());
    lists();
    const bodies: Body[] = [];
    server.use(
      http.post(BULK, async ({ request }) => {
        const body = (await request.json()) as Body;
        bodies.push(body);
        return json({
          list: [0, 2].map((row) => ({ row, idx: 700 + row, nftNumber: `N-${row}` })),
          failed: [{ row: 1, code: 'VALIDATION_FAILED', message: GUARANTEE_MSG.productMismatch, errors: { productName: GUARANTEE_MSG.productMismatch } }],
        }, { status: 201 });
      }),
    );
    const { user } = renderWithAdmin(<GuaranteeExcelUpload parse={inlineParse} delayMs={0} />);
    await drop(file(guaranteeBrandSheet, [person(1), person(2, { modelNumber: 'DB-BAG-001', productName: '다른 이름' }), person(3)]));
    expect(await screen.findByText('정상 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.getByText('등록 2건 · 실패 1건')).toBeInTheDocument());
    expect(bodies).toHaveLength(1);
    expect(statusOf(2)).toHaveTextContent('등록됨 · N-0');
    expect(statusOf(4)).toHaveTextContent('등록됨 · N-2');
    expect(statusOf(3)).toHaveTextContent(GUARANTEE_MSG.productMismatch);
    // Nothing left to retry; the refused row goes to the error export.
    expect(screen.queryByRole('button', { name: '실패한 행 다시 등록하기' })).not.toBeInTheDocument();
    expect(screen.queryByText('정상 행을 모두 등록했어요')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '오류 행 내려받기' })).toBeEnabled();
  });

  it('a 409 or lost answer shows the "may already be issuing" message; the retry resends the same batch key', async () => {
    signIn(brandAccount());
    lists();
    const keys: string[] = [];
    server.use(
      http.post(BULK, async ({ request }) => {
        const body = (await request.json()) as Body;
        keys.push(body.batchKey);
        return keys.length === 1 ? fail(409, { code: 'CONFLICT', message: '처리 중' }) : json({ list: [{ row: 0, idx: 1, nftNumber: 'G-9' }] }, { status: 200 });
      }),
    );
    const { user } = renderWithAdmin(<GuaranteeExcelUpload parse={inlineParse} delayMs={0} />);
    await drop(file(guaranteeBrandSheet, [person(1)]));
    await user.click(await screen.findByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(statusOf(2)).toHaveTextContent(GUARANTEE_MSG.alreadyIssuing));
    await user.click(screen.getByRole('button', { name: '실패한 행 다시 등록하기' }));
    await waitFor(() => expect(statusOf(2)).toHaveTextContent('등록됨 · G-9'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.getByText('정상 행을 모두 등록했어요')).toBeInTheDocument();
  });

  it('a refused issue (finished trial) opens the subscription modal and marks the rows with the message', async () => {
    signIn(brandAccount());
    lists();
    const events: AppEvent[] = [];
    const off = onAppEvent((e) => events.push(e));
    server.use(http.post(BULK, () => fail(403, { code: 'TRIAL_FINISHED', message: '체험 기간이 끝났어요' })));
    const { user } = renderWithAdmin(<GuaranteeExcelUpload parse={inlineParse} delayMs={0} />);
    await drop(file(guaranteeBrandSheet, [person(1)]));
    await user.click(await screen.findByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(statusOf(2)).toHaveTextContent('체험 기간이 끝났어요'));
    off();
    expect(events).toContainEqual({ type: 'accessDenied', view: 'trialFinishedModal' });
  });

  it('matching-fail: a store list that cannot be loaded refuses the file with the matching message', async () => {
    signIn(brandAccount());
    lists('fail');
    renderWithAdmin(<GuaranteeExcelUpload parse={inlineParse} delayMs={0} />);
    await drop(file(guaranteeBrandSheet, [person(1)]));
    expect(await screen.findByRole('alert')).toHaveTextContent(bulkIssueKo.bulkIssue.matchFailed);
    expect(screen.queryByRole('button', { name: '등록하기' })).not.toBeInTheDocument();
  });

  it('upload-fail: a file that is not a spreadsheet is refused', async () => {
    signIn(brandAccount());
    lists();
    renderWithAdmin(<GuaranteeExcelUpload parse={inlineParse} delayMs={0} />);
    await drop(new File(['hello'], '보증서.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXCEL_MSG.fileType);
  });

  it('batch keys are UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    expect(newBatchKey()).toMatch(UUID);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newBatchKey()));
      expect(keys.size).toBe(50);
      for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('failure reasons follow the spec codes', () => {
    expect(guaranteeFailureMessage({ status: 400, code: 'UNSUPPORTED_FILE_TYPE', message: 'x' })).toBe(GUARANTEE_MSG.unsupportedFileType);
    expect(guaranteeFailureMessage({ status: 409, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS' })).toBe(GUARANTEE_MSG.membershipAlreadyExists);
    expect(guaranteeFailureMessage({ status: 400, code: 'INVALID_NFT_TEMPLATE_EXPIRE_DATE' })).toBe(GUARANTEE_MSG.templateExpireInvalid);
    expect(guaranteeFailureMessage({ status: 400, code: 'INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE' })).toBe(GUARANTEE_MSG.templateCouponExpireInvalid);
    expect(guaranteeFailureMessage({ status: 400, code: 'VALIDATION_FAILED', message: '행이 너무 많아요' })).toBe('행이 너무 많아요');
    expect(guaranteeFailureMessage({ status: 500, code: 'INTERNAL_ERROR', message: 'boom' })).toBe(GUARANTEE_MSG.alreadyIssuing);
    expect(guaranteeFailureMessage({ status: 0, code: 'INTERNAL_ERROR' })).toBe(GUARANTEE_MSG.alreadyIssuing);
  });
});
