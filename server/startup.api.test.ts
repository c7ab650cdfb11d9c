import { createTestApp, type TestApp } from '../tests/helpers/testApp';
import { refuseDemoAccounts } from './startup';

describe('a deployment without --demo', () => {
  let plain: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    [plain, demo] = await Promise.all([createTestApp(), createTestApp({ demo: true })]);
  });
  afterAll(async () => Promise.all([plain?.close(), demo?.close()]));

  it('starts on a database without the demo accounts', async () => {
    await expect(refuseDemoAccounts(plain.database.db)).resolves.toBeUndefined();
  });

  it('refuses a database that holds them (their password is public)', async () => {
    await expect(refuseDemoAccounts(demo.database.db)).rejects.toThrow(/brand@demo\.test.*--demo/);
  });
});
