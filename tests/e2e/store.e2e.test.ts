import type { Page } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, useBrowser, signIn } from './helpers';

const b = useBrowser();

const table = (page: Page) => page.getByRole('table', { name: '매장 목록' });
const total = (page: Page) => page.getByText(/^총 [\d,]+건$/);
const nav = (page: Page) => page.getByRole('navigation', { name: '사이드 메뉴' });
const highlighted = (page: Page) => nav(page).locator('a[aria-current="page"]');

/** The idx of a store of the other demo tenant (other@demo.test), read through the API. */
async function otherTenantStoreIdx(): Promise<number> {
  const signedIn = await fetch(`${baseUrl()}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'other@demo.test', password: DEMO_PASSWORD }),
  });
  const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
  const res = await fetch(`${baseUrl()}/api/v1/admin/store/list`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { list: { idx: number }[] } }).data.list[0].idx;
}

describe('stores', () => {
  it('creates a store, pins it, edits it and deletes it after the confirmation', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);

    // From the menu (product section), highlighted on the list, register and edit.
    await nav(page).getByRole('link', { name: '매장 관리' }).click();
    await page.waitForURL(/\/b2b\/store$/);
    await page.getByRole('heading', { name: '매장 관리', level: 1 }).waitFor();
    await table(page).getByRole('link', { name: '데모브랜드 성수 플래그십' }).waitFor();
    await highlighted(page).filter({ hasText: '매장 관리' }).waitFor();
    const before = Number((await total(page).textContent())!.replace(/\D/g, ''));

    await page.getByRole('link', { name: '매장 등록' }).click();
    await page.waitForURL(/\/b2b\/store\/register$/);
    await highlighted(page).filter({ hasText: '매장 관리' }).waitFor();
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `E2E 매장 ${stamp}`;
    // A name of spaces only is refused on the page, nothing is sent.
    await page.getByLabel('매장명').fill('   ');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('매장명을 입력해 주세요').waitFor();
    await page.getByLabel('매장명').fill(name);
    await page.getByLabel('태그').fill('팝업');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/b2b\/store$/);
    await page.getByText('매장을 등록했어요').first().waitFor();
    await expect.poll(async () => Number((await total(page).textContent())!.replace(/\D/g, ''))).toBe(before + 1);
    const row = () => table(page).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await row().getByText('팝업').waitFor();

    // Pin it: the switch turns on, survives a reload, and the store moves up among the pinned ones.
    const pin = page.getByRole('switch', { name: `${name} 상단 고정` });
    expect(await pin.isChecked()).toBe(false);
    await pin.click();
    await page.getByText(`${name} 매장을 상단에 고정했어요`).first().waitFor();
    await expect.poll(() => pin.isChecked()).toBe(true);
    await page.reload();
    await table(page).getByRole('link', { name, exact: true }).waitFor();
    expect(await page.getByRole('switch', { name: `${name} 상단 고정` }).isChecked()).toBe(true);
    const names = await table(page).getByRole('link').allTextContents();
    const pinnedCount = await table(page).getByRole('switch', { checked: true }).count();
    expect(names.indexOf(name)).toBeLessThan(pinnedCount);

    // Edit: the name opens the edit page with the saved values.
    await table(page).getByRole('link', { name, exact: true }).click();
    await page.waitForURL(/\/b2b\/store\/edit\/\d+$/);
    await highlighted(page).filter({ hasText: '매장 관리' }).waitFor();
    expect(await page.getByLabel('매장명').inputValue()).toBe(name);
    expect(await page.getByLabel('태그').inputValue()).toBe('팝업');
    expect(await page.getByRole('switch', { name: '상단 고정' }).isChecked()).toBe(true);
    const renamed = `${name} 리뉴얼`;
    await page.getByLabel('매장명').fill(renamed);
    await page.getByLabel('태그').fill('');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/b2b\/store$/);
    await page.getByText('매장을 수정했어요').first().waitFor();
    const renamedRow = table(page).getByRole('row').filter({ has: page.getByRole('link', { name: renamed, exact: true }) });
    await renamedRow.waitFor();
    expect(await renamedRow.getByText('팝업').count()).toBe(0);
    expect(await page.getByRole('switch', { name: `${renamed} 상단 고정` }).isChecked()).toBe(true);

    // Delete: cancelling keeps it; confirming removes it.
    await page.getByRole('button', { name: `${renamed} 삭제` }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText(`${renamed} 매장을 삭제할까요? 삭제한 매장은 되돌릴 수 없어요.`).waitFor();
    await dialog.getByRole('button', { name: '취소' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await renamedRow.waitFor();
    await page.getByRole('button', { name: `${renamed} 삭제` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '삭제' }).click();
    await page.getByText('매장을 삭제했어요').first().waitFor();
    await renamedRow.waitFor({ state: 'detached' });
    await expect.poll(async () => Number((await total(page).textContent())!.replace(/\D/g, ''))).toBe(before);
  });

  it('leaves the channel pages under /b2b/store to their own menu items, and another tenant’s store is not found', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    // Waiting events and reservations (issue 26) are their own lists.
    await page.goto('/b2b/store/waiting');
    await page.getByText('데모 성수 팝업스토어').first().waitFor();
    await highlighted(page).filter({ hasText: '웨이팅/입장' }).waitFor();
    expect(await page.getByRole('table', { name: '매장 목록' }).count()).toBe(0);
    await page.goto('/b2b/store/reservation');
    await page.getByRole('table', { name: '예약 목록' }).waitFor();
    await highlighted(page).filter({ hasText: '예약' }).waitFor();

    // Another tenant's store opens the not-found dialog, like an idx nobody has.
    await page.goto(`/b2b/store/edit/${await otherTenantStoreIdx()}`);
    const notFound = page.getByRole('dialog');
    await notFound.getByText('존재하지 않는 매장이에요').waitFor();
    await notFound.getByRole('button', { name: '확인' }).click();
    await page.waitForURL(/\/b2b\/store$/);
  });
});
