import { useBrowser, signIn, sidebarLinks } from './helpers';

const b = useBrowser();

describe('guarantee settings', () => {
  it('creates a main template with a link, adds a custom content and a field switch; everything is kept after a reload', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.getByRole('navigation', { name: '사이드 메뉴' }).getByRole('link', { name: '보증서 설정' }).click();
    await page.waitForURL(/\/b2b\/guarantee\/setting/);
    await page.getByRole('heading', { name: '보증서 설정', level: 1 }).waitFor();

    // A new template: card name, a link (name + URL), made the main one.
    const name = `E2E 보증서 ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: '템플릿 추가' }).click();
    const dialog = page.getByRole('dialog', { name: '템플릿 만들기' });
    await dialog.getByRole('textbox', { name: '카드 이름' }).fill(name);
    const links = dialog.getByRole('group', { name: '커스텀 링크' });
    await links.getByRole('button', { name: '추가' }).click();
    await links.getByRole('textbox', { name: '링크 이름' }).fill('공식 스토어');
    // A half-filled link is refused on the field first.
    await dialog.getByRole('button', { name: '만들기' }).click();
    await links.getByText('링크 이름과 URL을 모두 입력해 주세요').waitFor();
    await links.getByRole('textbox', { name: 'URL' }).fill('https://store.example.com');
    const main = dialog.getByRole('switch', { name: '대표 템플릿으로 사용' });
    if (!(await main.isChecked())) await main.check();
    await dialog.getByRole('button', { name: '만들기' }).click();
    await page.getByText('템플릿을 만들었어요').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('listitem', { name });
    await card.getByText('대표', { exact: true }).waitFor();

    // The new template is selected: add a custom content and ask for the material.
    const form = page.getByRole('region', { name: '보증서 양식' });
    await form.getByText(`선택한 템플릿: ${name}`).waitFor();
    const contents = form.getByRole('group', { name: '안내 문구' });
    await contents.getByRole('textbox', { name: '제목' }).first().waitFor();
    await contents.getByRole('button', { name: '추가' }).click();
    await contents.getByRole('textbox', { name: '제목' }).last().fill('세탁 안내');
    await contents.getByRole('textbox', { name: '내용' }).last().fill('드라이클리닝만 가능해요');
    await form.getByRole('switch', { name: '소재 입력' }).check();
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByText('보증서 양식을 저장했어요').waitFor();

    // Kept on the server.
    await page.reload();
    const cardAfter = page.getByRole('listitem', { name });
    await cardAfter.getByText('대표', { exact: true }).waitFor();
    const formAfter = page.getByRole('region', { name: '보증서 양식' });
    await formAfter.getByText(`선택한 템플릿: ${name}`).waitFor();
    const contentsAfter = formAfter.getByRole('group', { name: '안내 문구' });
    await contentsAfter.getByRole('textbox', { name: '제목' }).last().waitFor();
    expect(await contentsAfter.getByRole('textbox', { name: '제목' }).last().inputValue()).toBe('세탁 안내');
    expect(await contentsAfter.getByRole('textbox', { name: '내용' }).last().inputValue()).toBe('드라이클리닝만 가능해요');
    expect(await formAfter.getByRole('switch', { name: '소재 입력' }).isChecked()).toBe(true);
    // Only one main template: the demo's former main one lost the badge.
    expect(await page.getByRole('listitem').filter({ has: page.getByText('대표', { exact: true }) }).count()).toBe(1);

    await cardAfter.getByRole('button', { name: '수정' }).click();
    const edit = page.getByRole('dialog', { name: '템플릿 수정' });
    expect(await edit.getByRole('textbox', { name: 'URL' }).inputValue()).toBe('https://store.example.com');
    expect(await edit.getByRole('textbox', { name: '링크 이름' }).inputValue()).toBe('공식 스토어');
  });

  it('hides the menu item from a sub-account and refuses the address', async () => {
    const page = b.page;
    await signIn(page, 'staff@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    const links = await sidebarLinks(page);
    expect(links.some((l) => l.includes('보증서 발급'))).toBe(true);
    expect(links.some((l) => l.includes('보증서 설정'))).toBe(false);
    await page.goto('/b2b/guarantee/setting');
    await page.waitForURL(/\/b2b\/home$/);
  });
});

describe('guarantee dashboard', () => {
  it('shows the demo brand its guarantee numbers; a status opens the history filtered by it', async () => {
    const page = b.page;
    await signIn(page, 'brand@demo.test');
    await page.waitForURL(/\/b2b\/home$/);
    await page.goto('/b2b/dashboard');
    const summary = page.getByRole('region', { name: '발급 요약' });
    const issued = summary.getByRole('link', { name: /^발급 완료\s*[\d,]+건/ });
    await issued.waitFor();
    await page.getByRole('region', { name: '발급 추이' }).getByText(/^기간 내 발급 [\d,]+건$/).waitFor();
    await issued.click();
    await page.waitForURL(/\/b2b\/guarantee\?(.*&)?nftStatus=3/);
  });
});
