import { useBrowser, signIn } from './helpers';
import { MSG } from '../../src/domain/messages';

const b = useBrowser();

describe('the 6-hour session', () => {
  it('ends with the spec alert and returns to the login page', async () => {
    const page = b.page;
    // The console reads time through Date and timers, which Playwright's clock replaces.
    await page.clock.install({ time: new Date() });
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);

    const alert = new Promise<string>((resolve) =>
      page.once('dialog', async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      }),
    );
    await page.clock.fastForward('05:59:00');
    expect(page.url()).toMatch(/\/b2b\/home$/);
    await page.clock.fastForward('00:01:30');
    expect(await alert).toBe(MSG.sessionExpired);
    await page.waitForURL(/\/auth\/login/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
