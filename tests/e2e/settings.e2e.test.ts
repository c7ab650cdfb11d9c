import { useBrowser, signIn } from './helpers';
import { MSG } from '../../src/domain/messages';

const b = useBrowser();

describe('account settings', () => {
  it('asks before leaving a changed form, stays on "아니요", saves, and shows a field error from the rules', async () => {
    const page = b.page;
    await signIn(page, 'staff@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/setting/profile');
    const company = page.getByLabel('회사명');
    await company.waitFor();
    await company.fill('데모브랜드 매장팀');

    await page.getByRole('navigation', { name: '사이드 메뉴' }).getByRole('link', { name: '홈', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MSG.unsavedChanges).waitFor();
    await dialog.getByRole('button', { name: '아니요' }).click();
    // The closing dialog keeps the focus until its transition ends: typing earlier would be lost.
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/setting\/profile$/);
    expect(await company.inputValue()).toBe('데모브랜드 매장팀');

    // A bad phone number is refused with the rule's message on the field.
    const phone = page.getByLabel('휴대폰 번호');
    await phone.fill('0212345');
    await page.getByRole('button', { name: '저장' }).first().click();
    await page.getByText('휴대폰 번호 형식이 올바르지 않아요').first().waitFor();
    await phone.fill('01055556666');
    await page.getByRole('button', { name: '저장' }).first().click();
    await page.getByText('계정 정보를 저장했어요').first().waitFor();

    // Saved on the server: the change survives a reload.
    await page.reload();
    expect(await page.getByLabel('회사명').inputValue()).toBe('데모브랜드 매장팀');
  });
});
