import { useBrowser, latestMail, firstLink, signIn } from './helpers';
import { MSG } from '../../src/domain/messages';
import { validBusinessNumber } from '../helpers/accounts';

const b = useBrowser();

describe('a new brand signs up, verifies its e-mail and signs in', () => {
  it('goes from the sign-up form to the shell through the outbox link', async () => {
    const page = b.page;
    const email = `new-${Date.now()}@brand.test`;
    const password = 'Welcome12!';

    await page.goto('/auth/signup');
    await page.getByRole('heading', { name: '회원가입' }).waitFor();
    // Step by step: only the e-mail first.
    expect(await page.getByLabel('비밀번호', { exact: true }).count()).toBe(0);
    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호', { exact: true }).fill(password);
    await page.getByLabel('비밀번호 확인').fill(password);
    await page.getByLabel('전체 동의').check();
    await page.getByLabel('사업자등록번호').fill(validBusinessNumber());
    await page.getByLabel('휴대폰 번호').fill('01098765432');
    expect(await page.getByLabel('휴대폰 번호').inputValue()).toBe('010-9876-5432');
    await page.getByLabel('회사명').fill('새봄상회');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.getByText('인증 메일을 보냈어요').first().waitFor();
    await page.getByText(email).first().waitFor();

    // Signing in before the e-mail is verified asks for verification, with a resend link.
    await signIn(page, email, password);
    await page.getByText(MSG.unconfirmedAccount).first().waitFor();
    await page.getByRole('button', { name: '인증 메일 다시 보내기' }).click();
    await page.getByText(MSG.verificationResent).first().waitFor();

    const mail = await latestMail(email);
    await page.goto(firstLink(mail.text));
    await page.waitForURL(/\/auth\/login\?verified=1/);

    await signIn(page, email, password);
    await page.waitForURL(/\/b2b\/home$/);
    await page.getByRole('navigation', { name: '사이드 메뉴' }).waitFor();
    // A new 14-day trial shows 14 days on its first day, at any hour (issue 9 B15).
    await page.getByText(MSG.trialBannerDays(14)).first().waitFor();
  });

  it('carries the requested page through the login', async () => {
    const page = b.page;
    await page.goto('/setting/profile?tab=1');
    await page.waitForURL(/\/auth\/login\?url=%2Fsetting%2Fprofile%3Ftab%3D1$/);
    await page.getByLabel('이메일').fill('brand@demo.test');
    await page.getByLabel('비밀번호', { exact: true }).fill('demo1234!');
    await page.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(/\/setting\/profile\?tab=1$/);
    // A signed-in user is kept off the public routes.
    await page.goto('/auth/signup');
    await page.waitForURL(/\/b2b\/home$/);
  });

  it('refuses a wrong password with a clear message', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test', 'wrong-password1!');
    await page.getByText('이메일 또는 비밀번호가 올바르지 않아요').first().waitFor();
    await page.waitForURL(/\/auth\/login/);
  });
});
