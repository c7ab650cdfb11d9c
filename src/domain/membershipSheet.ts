import { SHEETS, cellText, validateWithSchema, type Cell, type SheetColumn, type SheetSpec } from './excel';
import { DEFAULT_COUNTRY_CODE } from './guarantee';
import { parseCountryCode, parseDateCell } from './guaranteeSheet';
import { membershipIssueSchema } from './membershipIssue';
import type { GuaranteeInput } from './resources/guarantee';
import membershipKo from '../i18n/resources/membership-nft.ko';

/**
 * The membership bulk-issue sheet (issue 11 item 2, on the guarantee sheet's machinery): one row per
 * customer, the membership chosen on the page for the whole file. Rows are validated with
 * `membershipIssueSchema` (the issue form's rules and messages); the server then applies the
 * membership rules per row (already held, ended template or coupon), each refused row named in the answer's `failed`.
 */
export type MembershipSheetRow = GuaranteeInput;

const LABELS = membershipKo['membership-nft'].fields;
const amountCell = (cell: Cell) => (typeof cell === 'number' ? cell : cellText(cell) || null);

export const MEMBERSHIP_SHEET_COLUMNS: SheetColumn[] = [
  { key: 'ordererName', header: LABELS.ordererName, required: true, example: '홍길동', width: 12 },
  { key: 'ordererTel', header: LABELS.ordererTel, required: true, example: '010-1234-5678', width: 16 },
  { key: 'ordererCountryCode', header: LABELS.ordererCountryCode, example: DEFAULT_COUNTRY_CODE, width: 10, parse: parseCountryCode },
  { key: 'orderedAt', header: LABELS.orderedAt, example: '2026-01-05', width: 12, parse: parseDateCell },
  { key: 'paymentAmount', header: LABELS.paymentAmount, example: '100,000', width: 14, parse: amountCell },
  { key: 'storeName', header: '매장명', example: '신세계 강남점', width: 16 },
  { key: 'refOrderId', header: LABELS.refOrderId, example: 'ORD-20260105-001', width: 18 },
];

export const membershipSheet: SheetSpec<MembershipSheetRow> = {
  kind: 'membership-issue',
  version: 'membership-issue-v1',
  title: '멤버십 대량 발급',
  fileName: '멤버십_대량발급_양식',
  columns: MEMBERSHIP_SHEET_COLUMNS,
  validate: (row, ctx) => validateWithSchema<MembershipSheetRow>(membershipIssueSchema, membershipSheet, row, ctx, { requireBrand: false }),
};

// The worker finds a spec by kind.
SHEETS[membershipSheet.kind] = membershipSheet as SheetSpec<unknown>;
