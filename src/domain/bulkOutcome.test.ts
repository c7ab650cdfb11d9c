import { rowFailures } from './bulkOutcome';

describe('rowFailures', () => {
  it('gives one failure per refused row, in row order, its code and message from the coded field', () => {
    const failures = rowFailures(
      { 'rows.7.ordererTel': '이미 보유', 'rows.2.ordererName': '이름을 입력해 주세요', 'rows.7.ordererName': '이름 오류', batchKey: 'ignored' },
      { 'rows.7.ordererTel': 'MEMBERSHIP_NFT_ALREADY_EXISTS' },
    );
    expect(failures).toEqual([
      { row: 2, code: 'VALIDATION_FAILED', message: '이름을 입력해 주세요', errors: { ordererName: '이름을 입력해 주세요' } },
      { row: 7, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS', message: '이미 보유', errors: { ordererTel: '이미 보유', ordererName: '이름 오류' } },
    ]);
  });

  it('keeps nested field keys whole (rows.3.links.0.url → links.0.url)', () => {
    expect(rowFailures({ 'rows.3.links.0.url': 'URL 오류' })[0].errors).toEqual({ 'links.0.url': 'URL 오류' });
  });
});
