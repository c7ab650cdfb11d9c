import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { recordOf } from '../../testing/resourceRecords';
import StoreList from './StoreList';
import { ResourceCreate, ResourceEdit } from '../../framework/resource/ResourcePages';
import { storeResource } from '../../domain/resources/store';
import type { Store } from './api';

setupMsw();

const STORES = '/api/v1/admin/store';

const store = (idx: number, over: Partial<Store> = {}): Store =>
  recordOf(storeResource, { idx, name: `매장${idx}`, createdAt: '2026-11-01T03:00:00.000Z', ...over });

/** The store pages under a data router at `url`; stand-ins show where navigation went. */
function renderAt(url: string, pages: { list?: ReactNode; create?: ReactNode; edit?: ReactNode }) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/store" element={pages.list ?? <p>목록 화면</p>} />
      <Route path="/b2b/store/register" element={pages.create ?? <p>등록 화면</p>} />
      <Route path="/b2b/store/edit/:id" element={pages.edit ?? <p>수정 화면</p>} />
    </Routes>,
  );
}

/** A stateful fake of the stores API (pinned first, then by name, like the server). */
function storesApi(initial: Store[]) {
  const rows = [...initial];
  /** The PATCH bodies and DELETE keys, in order. */
  const calls: unknown[] = [];
  const seen: URL[] = [];
  const sorted = () => [...rows].sort((a, b) => (a.pinned === b.pinned ? a.name.localeCompare(b.name) : a.pinned === 'Y' ? -1 : 1));
  server.use(
    http.get(`${STORES}/list`, () => json({ list: sorted() })),
    http.get(STORES, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const text = url.searchParams.get('searchText');
      const list = sorted().filter((s) => !text || s.name.includes(text));
      return json({ list, total: list.length });
    }),
    http.patch(STORES, async ({ request }) => {
      const body = (await request.json()) as Store;
      calls.push(body);
      const i = rows.findIndex((s) => s.idx === body.idx);
      if (i < 0) return fail(404, { code: 'NOT_FOUND', message: '요청한 정보를 찾을 수 없어요' });
      rows[i] = { ...rows[i], name: body.name, tag: body.tag, pinned: body.pinned };
      return json(rows[i]);
    }),
    http.delete(`${STORES}/:idx`, ({ params }) => {
      calls.push(`DELETE ${String(params.idx)}`);
      rows.splice(rows.findIndex((s) => s.idx === Number(params.idx)), 1);
      return json({ idx: Number(params.idx) });
    }),
  );
  return { rows, calls, seen };
}

describe('StoreList', () => {
  beforeEach(() => signIn(brandAccount()));

  it('shows the stores with their tag, pinned switch and date; a name opens the edit page; the search sends searchText', async () => {
    const api = storesApi([store(1, { name: '성수 플래그십', tag: '직영', pinned: 'Y' }), store(2, { name: '온라인몰' })]);
    const { user } = renderAt('/b2b/store', { list: <StoreList /> });
    expect(await screen.findByText('성수 플래그십')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '매장 관리' })).toBeInTheDocument();
    expect(screen.getByText('총 2건')).toBeInTheDocument();
    expect(screen.getByText('직영')).toBeInTheDocument();
    expect(screen.getAllByText('2026-11-01')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: '성수 플래그십 상단 고정' })).toBeChecked();
    expect(screen.getByRole('switch', { name: '온라인몰 상단 고정' })).not.toBeChecked();

    await user.type(screen.getByRole('textbox', { name: /검색어|매장명/ }), '온라인{Enter}');
    await waitFor(() => expect(screen.queryByText('성수 플래그십')).not.toBeInTheDocument());
    expect(api.seen.at(-1)?.searchParams.get('searchText')).toBe('온라인');
    expect(window.location.search).toContain('searchText=');

    await user.click(screen.getByRole('link', { name: '온라인몰' }));
    expect(await screen.findByText('수정 화면')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/b2b/store/edit/2');
  });

  it('pins a store with PATCH /v1/admin/store (the whole store, idx in the body) and shows the list again, pinned first', async () => {
    const api = storesApi([store(1, { name: '가 매장' }), store(2, { name: '나 매장', tag: '백화점' })]);
    const { user } = renderAt('/b2b/store', { list: <StoreList /> });
    await screen.findByText('가 매장');
    await user.click(screen.getByRole('switch', { name: '나 매장 상단 고정' }));
    // The whole store: the API replaces every input field.
    await waitFor(() => expect(api.calls).toEqual([expect.objectContaining({ name: '나 매장', tag: '백화점', pinned: 'Y', idx: 2 })]));
    expect(await screen.findByText('나 매장 매장을 상단에 고정했어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '나 매장 상단 고정' })).toBeChecked());
    const names = () => within(screen.getByRole('table', { name: '매장 목록' })).getAllByRole('link').map((a) => a.textContent);
    await waitFor(() => expect(names()).toEqual(['나 매장', '가 매장']));
  });

  it('deletes a store only after the confirmation', async () => {
    const api = storesApi([store(1, { name: '가 매장' }), store(3, { name: '닫는 매장' })]);
    const { user } = renderAt('/b2b/store', { list: <StoreList /> });
    await screen.findByText('닫는 매장');
    await user.click(screen.getByRole('button', { name: '닫는 매장 삭제' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('닫는 매장 매장을 삭제할까요? 삭제한 매장은 되돌릴 수 없어요.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: '닫는 매장 삭제' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(api.calls).toEqual(['DELETE 3']));
    expect(await screen.findByText('매장을 삭제했어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('닫는 매장')).not.toBeInTheDocument());
    expect(screen.getByText('총 1건')).toBeInTheDocument();
  });
});

describe('StoreCreate', () => {
  beforeEach(() => signIn(brandAccount()));

  it('refuses an empty name on the client, shows the server field errors, then registers and goes back to the list', async () => {
    const bodies: Record<string, unknown>[] = [];
    let first = true;
    server.use(
      http.post(STORES, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (first) {
          first = false;
          return fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { tag: '태그는 100자까지 입력할 수 있어요' } });
        }
        return json({ idx: 9, ...body, createdAt: '2026-11-02T00:00:00.000Z' }, { status: 201 });
      }),
    );
    const { user } = renderAt('/b2b/store/register', { create: <ResourceCreate def={storeResource} /> });
    await screen.findByRole('heading', { name: '매장 등록' });
    // A name of spaces only is no name (storeSchema trims).
    const name = screen.getByLabelText(/매장명/);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('매장명을 입력해 주세요')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(name, '부산 센텀점 ');
    await user.type(screen.getByLabelText('태그'), '백화점');
    await user.click(screen.getByRole('switch', { name: '상단 고정' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('태그는 100자까지 입력할 수 있어요')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ name: '부산 센텀점', tag: '백화점', pinned: 'Y' });

    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('목록 화면')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/b2b/store');
    // The success toast waits in react-admin's queue until the earlier error toast has hidden itself.
    expect(await screen.findByText('매장을 등록했어요')).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
  });
});

describe('StoreEdit', () => {
  beforeEach(() => signIn(brandAccount()));

  it('reads the store from the list endpoint, saves with PATCH (idx in the body) and goes back to the list', async () => {
    const api = storesApi([store(4, { name: '잠실점', tag: '백화점', pinned: 'Y' })]);
    const { user } = renderAt('/b2b/store/edit/4', { edit: <ResourceEdit def={storeResource} /> });
    const name = await screen.findByLabelText(/매장명/);
    expect(name).toHaveValue('잠실점');
    expect(screen.getByLabelText('태그')).toHaveValue('백화점');
    expect(screen.getByRole('switch', { name: '상단 고정' })).toBeChecked();
    await user.clear(name);
    await user.type(name, '롯데월드몰 잠실점');
    await user.clear(screen.getByLabelText('태그'));
    await user.click(screen.getByRole('switch', { name: '상단 고정' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(api.calls).toEqual([expect.objectContaining({ name: '롯데월드몰 잠실점', tag: null, pinned: 'N', idx: 4 })]));
    expect(await screen.findByText('목록 화면')).toBeInTheDocument();
    expect(await screen.findByText('매장을 수정했어요')).toBeInTheDocument();
  });

  it('opens the not-found dialog for a store that is not the tenant’s, and 확인 goes to the list', async () => {
    storesApi([store(4)]);
    const { user } = renderAt('/b2b/store/edit/404', { edit: <ResourceEdit def={storeResource} /> });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('존재하지 않는 매장이에요')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('목록 화면')).toBeInTheDocument();
  });
});
