import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, uniqueEmail } from '../../../tests/helpers/accounts';
import { downloadRuns } from './download';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: sink });
});
afterAll(() => t.close());

describe(`customer download keeps the file password out of the logs (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('logs neither an accepted nor a refused request\'s password, at debug level', async () => {
    const brand = await confirmedBrand(t, { email: uniqueEmail('dl') });
    const call = as(t, brand.token);
    await call({ method: 'POST', url: '/api/v1/admin/customers', payload: { customerName: '로그고객', customerPhone: '01066667777' } });
    const accepted = await call({ method: 'POST', url: '/api/customer/v1/overview/download', payload: { email: 'log@example.com', password: 'Fil3-Pass!', reason: '감사' } });
    expect(accepted.statusCode).toBe(202);
    const refused = await call({ method: 'POST', url: '/api/customer/v1/overview/download', payload: { email: 'bad', password: 'weakpw9', reason: '감사' } });
    expect(refused.statusCode).toBe(400);
    await Promise.all(downloadRuns(t.database.db));
    const log = lines.join('');
    expect(log).toContain('/customer/v1/overview/download');
    expect(log).not.toContain('Fil3-Pass!');
    expect(log).not.toContain('weakpw9');
  });
});
