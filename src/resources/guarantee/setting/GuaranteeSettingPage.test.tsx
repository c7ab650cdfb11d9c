import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { renderAppAt } from '../../../testing/render';
import { enter } from '../../../testing/enter';
import { fail, json, server, setupMsw, signIn } from '../../../testing/server';
import { brandAccount } from '../../../testing/fixtures';
import { DEFAULT_CUSTOM_CONTENT_TITLES, GUARANTEE_ALIMTALK, TEMPLATE_MSG } from '../../../domain/guarantee';
import { MSG } from '../../../domain/messages';
import GuaranteeSettingPage from './GuaranteeSettingPage';
import type { Template } from './api';

setupMsw();

const T = '/api/v1/admin/nft-template';
const STORES = '/api/v1/admin/store/list';

function template(idx: number, over: Partial<Template> = {}): Template {
  return {
    idx,
    templateType: 'GUARANTEE',
    isMain: false,
    nftCardName: `카드${idx}`,
    backgroundImg: null,
    nftCustomFields: [],
    nftCustomLinks: [],
    nftCustomContents: [],
    useFieldMaterial: 'N',
    useFieldSize: 'N',
    useFieldWeight: 'N',
    useNftProdImage: 'Y',
    userMintingField: [],
    useUserMinting: 'N',
    filteringStores: [],
    useAllPlaceSearch: 'Y',
    status: 'ACTIVE',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** An in-memory template API of the contract; every write is recorded. */
function templateApi(initial: Template[]) {
  let rows = [...initial];
  const calls: Call[] = [];
  const find = (id: string) => rows.find((r) => r.idx === Number(id));
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    calls.push({ method: request.method, path, body });
    return body as Record<string, unknown>;
  };
  server.use(
    http.get(T, ({ request }) => {
      const url = new URL(request.url);
      expect(url.searchParams.get('templateType')).toBe('GUARANTEE');
      return json({ list: rows, total: rows.length });
    }),
    http.post(T, async ({ request }) => {
      const body = await record(request, '');
      const row = template(Math.max(0, ...rows.map((r) => r.idx)) + 1, { ...(body as Partial<Template>), backgroundImg: null });
      if (row.isMain) rows = rows.map((r) => ({ ...r, isMain: false }));
      rows.push(row);
      return json(row, { status: 201 });
    }),
    http.patch(`${T}/:id/stop`, async ({ request, params }) => {
      await record(request, `/${String(params.id)}/stop`);
      const row = find(String(params.id))!;
      row.status = 'STOP';
      return json(row);
    }),
    http.get(`${T}/:id/nft/field`, ({ params }) => {
      const row = find(String(params.id));
      if (!row) return fail(404, { code: 'NOT_FOUND', message: TEMPLATE_MSG.notFound });
      const { nftCustomFields, nftCustomContents, useFieldMaterial, useFieldSize, useFieldWeight, useNftProdImage } = row;
      return json({ nftCustomFields, nftCustomContents, useFieldMaterial, useFieldSize, useFieldWeight, useNftProdImage });
    }),
    http.patch(`${T}/:id/nft/field`, async ({ request, params }) => {
      const body = await record(request, `/${String(params.id)}/nft/field`);
      const row = find(String(params.id))!;
      Object.assign(row, body);
      return json(row);
    }),
    http.patch(`${T}/:id/setting`, async ({ request, params }) => {
      const body = await record(request, `/${String(params.id)}/setting`);
      const row = find(String(params.id))!;
      Object.assign(row, body);
      return json(row);
    }),
    http.patch(`${T}/:id`, async ({ request, params }) => {
      const body = await record(request, `/${String(params.id)}`);
      if (body.isMain) rows = rows.map((r) => ({ ...r, isMain: false }));
      const row = find(String(params.id))!;
      Object.assign(row, body, { backgroundImg: row.backgroundImg });
      return json(row);
    }),
    http.get(STORES, () => json({ list: [{ idx: 7, name: '강남점', tag: null, pinned: 'N' }, { idx: 8, name: '홍대점', tag: null, pinned: 'N' }] })),
  );
  return { calls, rows: () => rows };
}

function renderPage(url = '/b2b/guarantee/setting') {
  return renderAppAt(url, <GuaranteeSettingPage />);
}

type User = ReturnType<typeof renderPage>['user'];

/** 템플릿 추가 → the 템플릿 만들기 dialog, its card name typed when `name` is given. */
async function openNewTemplate(user: User, name?: string) {
  await user.click(await screen.findByRole('button', { name: '템플릿 추가' }));
  const dialog = await screen.findByRole('dialog', { name: '템플릿 만들기' });
  if (name) await enter(user, within(dialog).getByRole('textbox', { name: '카드 이름' }), name);
  return dialog;
}

/** Adds one custom link row in `dialog` and types its name and URL; returns the 커스텀 링크 group. */
async function addLink(user: User, dialog: HTMLElement, name: string, url: string) {
  const links = within(dialog).getByRole('group', { name: '커스텀 링크' });
  await user.click(within(links).getByRole('button', { name: '추가' }));
  await enter(user, within(links).getByRole('textbox', { name: '링크 이름' }), name);
  await enter(user, within(links).getByRole('textbox', { name: 'URL' }), url);
  return links;
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('GuaranteeSettingPage: templates', () => {
  it('shows the empty state with a create button when there is no template', async () => {
    signIn(brandAccount());
    templateApi([]);
    const { user } = renderPage();
    expect(await screen.findByText('템플릿이 없어요')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '템플릿 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '템플릿 만들기' });
    // The first template is made main by default.
    expect(within(dialog).getByRole('switch', { name: '대표 템플릿으로 사용' })).toBeChecked();
  });

  it('refuses a template without a card name or with a half-filled link, then creates it', async () => {
    signIn(brandAccount());
    const api = templateApi([]);
    const { user } = renderPage();
    const dialog = await openNewTemplate(user);
    const links = within(dialog).getByRole('group', { name: '커스텀 링크' });
    await user.click(within(links).getByRole('button', { name: '추가' }));
    await enter(user, within(links).getByRole('textbox', { name: '링크 이름' }), '공식몰');
    await user.click(within(dialog).getByRole('button', { name: '만들기' }));
    expect(await within(dialog).findByText(TEMPLATE_MSG.cardNameRequired)).toBeInTheDocument();
    expect(within(links).getByText(TEMPLATE_MSG.linkIncomplete)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await enter(user, within(dialog).getByRole('textbox', { name: '카드 이름' }), '기본 보증서');
    await enter(user, within(links).getByRole('textbox', { name: 'URL' }), 'https://shop.example.com');
    const fields = within(dialog).getByRole('group', { name: '커스텀 필드' });
    await user.click(within(fields).getByRole('button', { name: '추가' }));
    await enter(user, within(fields).getByRole('textbox', { name: '항목명' }), '원산지');
    await enter(user, within(fields).getByRole('textbox', { name: '내용' }), '이탈리아');
    await user.click(within(dialog).getByRole('button', { name: '만들기' }));

    expect(await screen.findByText('템플릿을 만들었어요')).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '',
        body: {
          templateType: 'GUARANTEE',
          nftCardName: '기본 보증서',
          isMain: true,
          backgroundImg: null,
          nftCustomFields: [{ name: '원산지', value: '이탈리아' }],
          nftCustomLinks: [{ name: '공식몰', url: 'https://shop.example.com' }],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: '기본 보증서' })).toHaveTextContent('대표');
  });

  it('refuses a link URL that is not http(s)', async () => {
    signIn(brandAccount());
    const api = templateApi([]);
    const { user } = renderPage();
    const dialog = await openNewTemplate(user, '카드');
    const links = await addLink(user, dialog, '공식몰', 'shop.example.com');
    await user.click(within(dialog).getByRole('button', { name: '만들기' }));
    expect(await within(links).findByText(TEMPLATE_MSG.linkUrlInvalid)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('makes another template the main one with its full body', async () => {
    signIn(brandAccount());
    const api = templateApi([template(1, { isMain: true }), template(2, { nftCustomLinks: [{ name: '몰', url: 'https://a.example' }] })]);
    const { user } = renderPage();
    await screen.findByRole('listitem', { name: '카드2' });
    expect(within(card('카드1')).queryByRole('button', { name: '대표로 설정' })).not.toBeInTheDocument();
    await user.click(within(card('카드2')).getByRole('button', { name: '대표로 설정' }));
    expect(await screen.findByText('대표 템플릿으로 설정했어요')).toBeInTheDocument();
    expect(api.calls).toEqual([
      { method: 'PATCH', path: '/2', body: { templateType: 'GUARANTEE', nftCardName: '카드2', isMain: true, backgroundImg: null, nftCustomFields: [], nftCustomLinks: [{ name: '몰', url: 'https://a.example' }] } },
    ]);
    await waitFor(() => expect(within(card('카드2')).getByText('대표')).toBeInTheDocument());
    expect(within(card('카드1')).queryByText('대표')).not.toBeInTheDocument();
  });

  it('stops a template only after the confirm dialog', async () => {
    signIn(brandAccount());
    const api = templateApi([template(1, { isMain: true }), template(2)]);
    const { user } = renderPage();
    await screen.findByRole('listitem', { name: '카드2' });
    await user.click(within(card('카드2')).getByRole('button', { name: '사용 중지' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('템플릿 사용을 중지할까요?');
    expect(dialog).toHaveTextContent('‘카드2’ 템플릿으로는 더 이상 보증서를 발급할 수 없어요');
    await user.click(within(dialog).getByRole('button', { name: /취소/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toHaveLength(0);

    await user.click(within(card('카드2')).getByRole('button', { name: '사용 중지' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '사용 중지' }));
    expect(await screen.findByText('템플릿 사용을 중지했어요')).toBeInTheDocument();
    expect(api.calls).toEqual([{ method: 'PATCH', path: '/2/stop', body: null }]);
    await waitFor(() => expect(within(card('카드2')).getByText('사용 중지')).toBeInTheDocument());
    expect(within(card('카드2')).queryByRole('button', { name: '사용 중지' })).not.toBeInTheDocument();
    expect(within(card('카드1')).getByText('사용 중')).toBeInTheDocument();
  });

  it('edits a template in the dialog and asks before dropping typed changes', async () => {
    signIn(brandAccount());
    const api = templateApi([template(1, { isMain: true })]);
    const { user } = renderPage();
    await screen.findByRole('listitem', { name: '카드1' });
    await user.click(within(card('카드1')).getByRole('button', { name: '수정' }));
    let dialog = await screen.findByRole('dialog', { name: '템플릿 수정' });
    await enter(user, within(dialog).getByRole('textbox', { name: '카드 이름' }), ' 수정');
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    const confirm = await screen.findByRole('dialog', { name: '작성 중인 내용이 사라져요. 닫을까요?' });
    await user.click(within(confirm).getByRole('button', { name: /아니오|아니요/ }));
    dialog = await screen.findByRole('dialog', { name: '템플릿 수정' });
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('템플릿을 저장했어요')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ method: 'PATCH', path: '/1', body: { nftCardName: '카드1 수정', isMain: true } });
  });
});

describe('GuaranteeSettingPage: settings of the selected template', () => {
  it('saves the guarantee form settings with the whole PATCH body (custom fields kept)', async () => {
    signIn(brandAccount());
    const api = templateApi([template(1, { isMain: true, nftCustomFields: [{ name: '원산지', value: '한국' }] }), template(2)]);
    const { user } = renderPage();
    const form = await screen.findByRole('region', { name: '보증서 양식' });
    // Defaults until the brand writes its own.
    const titles = await within(form).findAllByRole('textbox', { name: '제목' });
    expect(titles.map((t) => (t as HTMLInputElement).value)).toEqual([...DEFAULT_CUSTOM_CONTENT_TITLES]);
    const bodies = within(form).getAllByRole('textbox', { name: '내용' });
    await enter(user, bodies[0]!, '구매일로부터 1년');
    await user.click(within(form).getByRole('switch', { name: '소재 입력' }));
    await user.click(within(form).getByRole('switch', { name: '상품 이미지 표시' }));
    await user.click(within(form).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('보증서 양식을 저장했어요')).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'PATCH',
        path: '/1/nft/field',
        body: {
          nftCustomFields: [{ name: '원산지', value: '한국' }],
          nftCustomContents: [
            { title: '보증 기간', contents: '구매일로부터 1년' },
            { title: '교환 및 반품 안내', contents: '' },
            { title: 'A/S 주의사항', contents: '' },
          ],
          useFieldMaterial: 'Y',
          useFieldSize: 'N',
          useFieldWeight: 'N',
          useNftProdImage: 'N',
        },
      },
    ]);
  });

  it('shows a content title error on the field and sends nothing', async () => {
    signIn(brandAccount());
    const api = templateApi([template(1, { isMain: true })]);
    const { user } = renderPage();
    const form = await screen.findByRole('region', { name: '보증서 양식' });
    const titles = await within(form).findAllByRole('textbox', { name: '제목' });
    await user.clear(titles[1]!);
    await user.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByText(TEMPLATE_MSG.contentTitleRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('switches the settings to the template picked from the cards', async () => {
    signIn(brandAccount());
    templateApi([template(1, { isMain: true }), template(2, { nftCustomContents: [{ title: '세탁 안내', contents: '드라이클리닝' }] })]);
    const { user } = renderPage();
    const form = await screen.findByRole('region', { name: '보증서 양식' });
    expect(form).toHaveTextContent('선택한 템플릿: 카드1');
    await user.click(screen.getByRole('button', { name: '카드2 템플릿 설정 보기' }));
    await waitFor(() => expect(form).toHaveTextContent('선택한 템플릿: 카드2'));
    expect(await within(form).findByDisplayValue('세탁 안내')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '카드2 템플릿 설정 보기' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves the issue-later settings of the template', async () => {
    signIn(brandAccount());
    const api = templateApi([template(1, { isMain: true })]);
    const { user } = renderPage();
    const tabs = await screen.findByRole('tablist', { name: '템플릿 부가 설정' });
    expect(within(tabs).getByRole('tab', { name: '나중에 발급' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    await user.click(within(panel).getByRole('switch', { name: '고객 발급 신청 받기' }));
    await user.click(within(panel).getByRole('checkbox', { name: '주문번호' }));
    await user.click(within(panel).getByRole('checkbox', { name: '주문일' }));
    await user.click(within(panel).getByRole('combobox', { name: '신청 가능한 매장' }));
    await user.click(await screen.findByRole('option', { name: '홍대점' }));
    await user.click(within(panel).getByRole('switch', { name: '전체 매장 검색 허용' }));
    await user.click(within(panel).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('나중에 발급 설정을 저장했어요')).toBeInTheDocument();
    expect(api.calls).toEqual([
      // The checklist keeps the offered order, whatever the click order.
      { method: 'PATCH', path: '/1/setting', body: { userMintingField: ['orderedAt', 'refOrderId'], useUserMinting: 'Y', filteringStores: [8], useAllPlaceSearch: 'N' } },
    ]);
  });

  it('shows the 알림톡 the customer receives, filled with the brand and the template', async () => {
    signIn(brandAccount());
    templateApi([template(1, { isMain: true, nftCardName: '프리미엄 보증서' })]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: '알림톡 설정' }));
    expect(window.location.search).toBe('?tab=alimtalk-setting');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(GUARANTEE_ALIMTALK.templateCode);
    const preview = within(panel).getByTestId('alimtalk-preview');
    expect(preview).toHaveTextContent('[데모브랜드] 디지털 보증서 발급 안내');
    expect(preview).toHaveTextContent('홍길동님');
    expect(preview).not.toHaveTextContent('#{');
    expect(panel).toHaveTextContent('보증서 카드: 프리미엄 보증서');
    expect(panel).toHaveTextContent('발신함(outbox)에 기록돼요');
  });

  it('opens on the tab named in the URL', async () => {
    signIn(brandAccount());
    templateApi([template(1, { isMain: true })]);
    renderPage('/b2b/guarantee/setting?tab=alimtalk-setting');
    expect(await screen.findByRole('tab', { name: '알림톡 설정' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(GUARANTEE_ALIMTALK.templateCode);
  });
});

describe('GuaranteeSettingPage: unsaved changes and server refusals', () => {
  it('asks before switching templates while the form holds changes', async () => {
    signIn(brandAccount());
    templateApi([template(1, { isMain: true }), template(2)]);
    const { user } = renderPage();
    const form = await screen.findByRole('region', { name: '보증서 양식' });
    await user.click(await within(form).findByRole('switch', { name: '무게 입력' }));
    await user.click(screen.getByRole('button', { name: '카드2 템플릿 설정 보기' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent(MSG.unsavedChanges);
    await user.click(within(ask).getByRole('button', { name: /아니/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(form).toHaveTextContent('선택한 템플릿: 카드1');
    expect(within(form).getByRole('switch', { name: '무게 입력' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: '카드2 템플릿 설정 보기' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^예|확인/ }));
    await waitFor(() => expect(form).toHaveTextContent('선택한 템플릿: 카드2'));
  });

  it('puts the server’s list-item errors (nftCustomLinks[0].url) on the field', async () => {
    signIn(brandAccount());
    templateApi([]);
    server.use(http.post(T, () => fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { 'nftCustomLinks[0].url': '서버가 거절한 URL이에요' } })));
    const { user } = renderPage();
    const dialog = await openNewTemplate(user, '카드');
    const links = await addLink(user, dialog, '몰', 'https://x.example');
    await user.click(within(dialog).getByRole('button', { name: '만들기' }));
    expect(await within(links).findByText('서버가 거절한 URL이에요')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '템플릿 만들기' })).toBeInTheDocument();
  });
});

describe('GuaranteeSettingPage: background image', () => {
  it('uploads the card background through /v1/file/upload and sends its path', async () => {
    signIn(brandAccount());
    const api = templateApi([]);
    server.use(http.post('/api/v1/file/upload', () => json({ path: '1/bg-abc.png', url: '/media/1/bg-abc.png' })));
    const { user } = renderPage();
    const dialog = await openNewTemplate(user, '배경 카드');
    await user.upload(within(dialog).getByTestId('template-background-input'), new File([new Uint8Array([137, 80, 78, 71])], 'bg.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: '배경 이미지 미리보기' })).toHaveAttribute('src', '/media/1/bg-abc.png');
    await user.click(within(dialog).getByRole('button', { name: '만들기' }));
    await screen.findByText('템플릿을 만들었어요');
    expect(api.calls[0]).toMatchObject({ method: 'POST', body: { nftCardName: '배경 카드', backgroundImg: '1/bg-abc.png' } });
  });

  it('refuses a file that is not an image without uploading it', async () => {
    signIn(brandAccount());
    templateApi([]);
    let uploads = 0;
    server.use(http.post('/api/v1/file/upload', () => ((uploads += 1), json({ path: 'x', url: 'x' }))));
    const { user } = renderPage();
    const dialog = await openNewTemplate(user);
    // The picker's accept filter is only a hint: a dropped or forced file is checked again.
    fireEvent.change(within(dialog).getByTestId('template-background-input'), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(MSG.imageUploadError)).toBeInTheDocument();
    expect(uploads).toBe(0);
  });
});
