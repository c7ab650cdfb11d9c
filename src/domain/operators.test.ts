import { checkOperatorAccess, maskEmail, maskName, maskPhone, OPS_ACCESS } from './operators';
import { analyticsUserProperties, ANALYTICS_USER_PROPERTIES } from './analytics';

describe('operator rules', () => {
  it('lets support read and refuses it every write; admin does both', () => {
    expect(checkOperatorAccess('support', OPS_ACCESS.read)).toBeNull();
    expect(checkOperatorAccess('support', OPS_ACCESS.admin)).toBe('FORBIDDEN_ROLE');
    // A write rule that names support by mistake still refuses it.
    expect(checkOperatorAccess('support', { roles: ['support', 'admin'], write: true })).toBe('FORBIDDEN_ROLE');
    expect(checkOperatorAccess('admin', OPS_ACCESS.admin)).toBeNull();
    expect(checkOperatorAccess('admin', OPS_ACCESS.read)).toBeNull();
  });

  it('masks names, phones and e-mails', () => {
    expect(maskName('홍길동')).toBe('홍*동');
    expect(maskName('김철')).toBe('김*');
    expect(maskName('남궁민수')).toBe('남**수');
    expect(maskName('A')).toBe('*');
    expect(maskPhone('010-1234-5678')).toBe('010-****-5678');
    expect(maskPhone('1234')).toBe('****');
    expect(maskEmail('brand@demo.test')).toBe('br***@demo.test');
    expect(maskEmail('a@b.co')).toBe('*@b.co');
    expect(maskEmail(null)).toBeNull();
  });
});

describe('analytics user properties (spec 1 section 3)', () => {
  const now = new Date('2026-11-27T00:00:00Z');
  const base = {
    adminType: 'b2b' as const, b2bType: 'brand' as const, companyName: '주식회사 데모', brandName: '데모브랜드', isSubAccount: false,
    settings: [{ name: 'GUARANTEE' as const, option: null, endAt: null }, { name: 'CUSTOMER' as const, option: null, endAt: '2026-01-01T00:00:00Z' }],
    subscription: { planGroup: 'PRO' as const, planName: 'Pro' }, subscriptionState: 'CHARGED' as const,
  };
  it('has exactly the listed properties', () => {
    const props = analyticsUserProperties(base, now);
    expect(Object.keys(props).sort()).toEqual([...ANALYTICS_USER_PROPERTIES].sort());
    expect(props).toEqual({ type: 'b2b', name: '데모브랜드', brand: '데모브랜드', plan_type: 'subscription', plan_status: 'valid', setting: 'GUARANTEE', hierarchy: 'parent', plan_name: 'Pro' });
  });
  it('says free, expired and child where they hold', () => {
    expect(analyticsUserProperties({ ...base, subscription: null, subscriptionState: null, isSubAccount: true }, now))
      .toMatchObject({ plan_type: 'free', plan_status: 'expired', hierarchy: 'child', plan_name: null });
    expect(analyticsUserProperties({ ...base, subscriptionState: 'TRIAL_FINISHED' }, now)).toMatchObject({ plan_status: 'expired' });
    expect(analyticsUserProperties({ ...base, adminType: 'repairer', b2bType: null, brandName: null }, now)).toMatchObject({ type: 'repairer', name: '주식회사 데모' });
  });
});
