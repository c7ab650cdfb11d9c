import * as XLSX from 'xlsx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MembershipExcelUpload } from './MembershipExcelUpload';
import { inlineParse } from '../../framework/excel';
import { renderWithAdmin } from '../../testing/render';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { buildFormWorkbook, workbookToArray, type SheetSpec } from '../../domain/excel';
import { membershipSheet } from '../../domain/membershipSheet';
import { MEMBERSHIP_ISSUE_MSG } from '../../domain/membershipIssue';

setupMsw();

const BULK = '/api/v1/admin/membership-nft/bulk';
type Body = { batchKey: string; rows: Record<string, unknown>[] };

function file(rows: Record<string, string | number>[]): File {
  const wb = buildFormWorkbook(membershipSheet as SheetSpec<unknown>);
  const header = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0];
  wb.Sheets[wb.SheetNames[0]] = XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => membershipSheet.columns.map((c) => r[c.key] ?? null))]);
  return new File([workbookToArray(wb)], '멤버십.xlsx');
}
const statusOf = (line: number) => within(document.querySelector(`tr[data-line="${line}"]`) as HTMLElement).getByTestId('row-status');

describe('MembershipExcelUpload', () => {
  it('issues the sheet\'s valid rows with the chosen membership; a customer who already holds it fails alone, with its reason', async () => {
    signIn(brandAccount());
    const bodies: Body[] = [];
    server.use(
      http.get('/api/v1/admin/membership-template/list', () => json({ list: [{ idx: 1, nftCardName: 'VIP', isMain: false, status: 'ACTIVE' }, { idx: 2, nftCardName: '골드', isMain: true, status: 'ACTIVE' }] })),
      http.post(BULK, async ({ request }) => {
        const body = (await request.json()) as Body;
        bodies.push(body);
        const held = body.rows.findIndex((r) => r.ordererTel === '010-1234-1003');
        return json({
          list: body.rows.flatMap((_, row) => (row === held ? [] : [{ row, idx: 700 + row, nftNumber: `M261124-000070${row}` }])),
          failed: [{ row: held, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS', message: MEMBERSHIP_ISSUE_MSG.alreadyExists, errors: { ordererTel: MEMBERSHIP_ISSUE_MSG.alreadyExists } }],
        }, { status: 201 });
      }),
    );
    const { user } = renderWithAdmin(<MembershipExcelUpload parse={inlineParse} delayMs={0} />);
    expect(await screen.findByRole('heading', { name: '멤버십 대량 발급' })).toBeInTheDocument();
    // The main membership is chosen first.
    expect(await screen.findByRole('combobox', { name: '발급할 멤버십' })).toHaveTextContent('골드');
    await screen.findByRole('button', { name: /양식 내려받기/ });
    const person = (n: number, over: Record<string, string> = {}) => ({ ordererName: `고객${n}`, ordererTel: `010-1234-${1000 + n}`, paymentAmount: '10,000', ...over });
    fireEvent.change(screen.getByTestId('excel-file-input'), { target: { files: [file([1, 2, 3, 4, 5, 6].map((n) => person(n)))] } });
    expect(await screen.findByText('정상 6')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.getByText('등록 5건 · 실패 1건')).toBeInTheDocument());
    expect(bodies).toHaveLength(1);
    expect(bodies[0].rows.every((r) => r.nftTemplateIdx === 2)).toBe(true);
    expect(bodies[0].rows[0]).toMatchObject({ ordererName: '고객1', paymentAmount: 10000 });
    expect(statusOf(4)).toHaveTextContent(`실패: ${MEMBERSHIP_ISSUE_MSG.alreadyExists}`);
    for (const line of [2, 3, 5, 6, 7]) expect(statusOf(line)).toHaveTextContent(/^등록됨/);
    expect(screen.queryByRole('button', { name: '실패한 행 다시 등록하기' })).not.toBeInTheDocument();
  });
});
