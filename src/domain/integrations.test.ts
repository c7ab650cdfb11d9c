import { cafe24LineStatus, interworkSettingSchema, naverLineStatus, blockedPlansOf, customerSyncAllowed, INTERWORK_MSG } from './integrations';

describe('shop integration rules', () => {
  it('maps Cafe24 order statuses (N40 is 배송완료) and Naver product-order statuses to line statuses', () => {
    expect(['N10', 'N20', 'N30', 'N40', 'N50', 'C40', 'R40', 'E40'].map(cafe24LineStatus))
      .toEqual(['ORDERED', 'ORDERED', 'DISPATCHED', 'DELIVERED', 'PURCHASE_DECIDED', 'CANCELED', 'CANCELED', 'CANCELED']);
    expect(['PAYED', 'DISPATCHED', 'DELIVERING', 'DELIVERED', 'PURCHASE_DECIDED', 'CANCELED', 'RETURNED'].map(naverLineStatus))
      .toEqual(['ORDERED', 'DISPATCHED', 'DISPATCHED', 'DELIVERED', 'PURCHASE_DECIDED', 'CANCELED', 'CANCELED']);
  });

  it('blocks the customer and point integration on STARTER and STANDARD, membership on both, orders on none', () => {
    expect(blockedPlansOf('ORDER')).toEqual([]);
    expect(blockedPlansOf('CUSTOMER')).toEqual(['STARTER', 'STANDARD']);
    expect(blockedPlansOf('MEMBERSHIP')).toEqual(['STARTER', 'STANDARD']);
    expect((['STARTER', 'STANDARD', 'PRO', 'ENTERPRISE', null] as const).map(customerSyncAllowed)).toEqual([false, false, true, true, false]);
  });

  it('checks the settings with their messages', () => {
    expect(() => interworkSettingSchema.validateSync({ issueDays: 91 })).toThrow(INTERWORK_MSG.issueDaysInvalid);
    expect(() => interworkSettingSchema.validateSync({ dispatchDays: 0 })).toThrow(INTERWORK_MSG.dispatchDaysInvalid);
    expect(() => interworkSettingSchema.validateSync({ productNos: Array.from({ length: 501 }, (_, i) => String(i)) })).toThrow(INTERWORK_MSG.productNosInvalid);
    expect(interworkSettingSchema.validateSync({ issueMode: 'MANUAL', productNos: ['11'] })).toEqual({ issueMode: 'MANUAL', productNos: ['11'] });
  });
});
