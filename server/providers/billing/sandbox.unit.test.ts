import { loadConfig } from '../../config';
import { BillingError, SANDBOX_CARDS, sandboxBilling } from './index';

const card = (cardNumber: string) => ({ cardNumber, cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101' });
const failureOf = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as BillingError);

describe('the sandbox billing provider (README test cards)', () => {
  it('approves any card but the documented declining and failing ones', async () => {
    const sandbox = sandboxBilling();
    const issued = await sandbox.issueBillingKey('ck_1', card(SANDBOX_CARDS.approve));
    expect(issued).toMatchObject({ billingKey: expect.stringMatching(/^sandbox_bk_approve_/), providerMaskedNumber: '42424242****424*', cardCompany: '샌드박스' });
    expect(JSON.stringify(issued)).not.toContain(SANDBOX_CARDS.approve);
    expect(await failureOf(sandbox.issueBillingKey('ck_1', card(SANDBOX_CARDS.decline)))).toMatchObject({ kind: 'DECLINED', providerCode: 'REJECT_CARD_COMPANY' });
    expect(await failureOf(sandbox.issueBillingKey('ck_1', card(SANDBOX_CARDS.fail)))).toMatchObject({ kind: 'FAILED', providerCode: 'PROVIDER_ERROR' });
  });

  it('charges once per idempotency key, and declines the charges of the charge-declining card', async () => {
    const sandbox = sandboxBilling();
    const { billingKey } = await sandbox.issueBillingKey('ck_1', card(SANDBOX_CARDS.approve));
    const request = { billingKey, customerKey: 'ck_1', amount: 55_000, orderId: 'order_1', orderName: 'Standard', idempotencyKey: 'k1' };
    const first = await sandbox.charge(request);
    expect(first).toMatchObject({ status: 'DONE', amount: 55_000, orderId: 'order_1' });
    expect(await sandbox.charge(request)).toEqual(first);
    expect(sandbox.charges.size).toBe(1);
    const declining = await sandbox.issueBillingKey('ck_1', card(SANDBOX_CARDS.chargeDeclines));
    expect(await failureOf(sandbox.charge({ ...request, billingKey: declining.billingKey, idempotencyKey: 'k2' }))).toMatchObject({ kind: 'DECLINED' });
    expect(await failureOf(sandbox.charge({ ...request, billingKey: 'bk_unknown', idempotencyKey: 'k3' }))).toMatchObject({ kind: 'DECLINED', providerCode: 'NOT_FOUND_BILLING_KEY' });
  });

  it('is chosen by BILLING_PROVIDER (sandbox by default; toss needs TOSS_SECRET_KEY)', () => {
    expect(loadConfig({}).billingProvider).toBe('sandbox');
    expect(loadConfig({ BILLING_PROVIDER: 'toss', TOSS_SECRET_KEY: 'test_sk_x', TOSS_API_URL: 'http://127.0.0.1:9' })).toMatchObject({
      billingProvider: 'toss', tossSecretKey: 'test_sk_x', tossApiUrl: 'http://127.0.0.1:9',
    });
    expect(() => loadConfig({ BILLING_PROVIDER: 'toss' })).toThrow(/TOSS_SECRET_KEY/);
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' })).toThrow(/sandbox or toss/);
  });
});

describe('the documented test cards', () => {
  it("README's and docs/api/payment.md's sandbox cards are the sandbox's own", async () => {
    const fs = await import('node:fs');
    const spaced = (n: string) => n.match(/.{4}/g)!.join(' ');
    for (const file of ['README.md', 'docs/api/payment.md']) {
      const text = fs.readFileSync(file, 'utf8');
      for (const n of Object.values(SANDBOX_CARDS)) expect(text, `${file} ${n}`).toContain(spaced(n));
    }
  });
});
