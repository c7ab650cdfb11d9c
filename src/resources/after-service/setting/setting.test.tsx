import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../../testing/render';
import { json, server, setupMsw, signIn } from '../../../testing/server';
import { brandAccount } from '../../../testing/fixtures';
import { enter } from '../../../testing/enter';
import { AS_MSG } from '../../../domain/afterService';
import { MSG } from '../../../domain/messages';
import AsSettingPage from './AsSettingPage';

setupMsw();

const empty = { contactPhone: '', notice: '', receiveZipCode: '', receiveAddress1: '', receiveAddress2: '' };

function renderPage() {
  return renderAppAt('/b2b/after-service/setting', (
    <Routes>
      <Route path="/b2b/after-service/setting" element={<AsSettingPage />} />
      <Route path="/b2b/home" element={<p>홈</p>} />
    </Routes>
  ));
}

describe('/b2b/after-service/setting', () => {
  beforeEach(() => signIn(brandAccount()));

  it('asks before leaving with unsaved changes in either form, and not after saving (issue 23 #16)', async () => {
    server.use(
      http.get('/api/v1/admin/repair/info', () => json(empty)),
      http.get('/api/v1/admin/repair/category', () => json({ list: [] })),
      http.post('/api/v1/admin/repair/info', async ({ request }) => json(await request.json())),
    );
    const { user, router } = renderPage();
    await enter(user, await screen.findByLabelText(/^A\/S 연락처/), '02-123-4567');
    void router.navigate('/b2b/home');
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent(MSG.unsavedChanges);
    await user.click(within(ask).getByRole('button', { name: /아니요/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/b2b/after-service/setting');

    await user.click(screen.getAllByRole('button', { name: '저장' })[0]);
    expect(await screen.findByText('저장했어요')).toBeInTheDocument();
    await act(() => router.navigate('/b2b/home'));
    expect(await screen.findByText('홈')).toBeInTheDocument();
  });

  it('saves the repair info with the generic toast, checking it with the shared schema', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/v1/admin/repair/info', () => json(empty)),
      http.get('/api/v1/admin/repair/category', () => json({ list: [] })),
      http.post('/api/v1/admin/repair/info', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return json(body);
      }),
    );
    const { user } = renderPage();
    const zip = await screen.findByLabelText(/^받는 곳 우편번호/);
    // Only repair is on for this brand: no kind tabs.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await enter(user, zip, '123');
    const [infoSave] = screen.getAllByRole('button', { name: '저장' });
    await user.click(infoSave);
    expect(await screen.findByText(AS_MSG.zipInvalid)).toBeInTheDocument();
    await user.clear(zip);
    await enter(user, zip, '04799');
    await enter(user, screen.getByLabelText(/^A\/S 연락처/), '02-123-4567');
    await user.click(infoSave);
    await waitFor(() => expect(body).toEqual({ ...empty, contactPhone: '02-123-4567', receiveZipCode: '04799' }));
    expect(await screen.findByText('저장했어요')).toBeInTheDocument();
  });

  it('edits the categories as one list: rows keep their idx, new rows and options are added, removed ones go', async () => {
    let body: { list: unknown[] } | undefined;
    server.use(
      http.get('/api/v1/admin/repair/info', () => json(empty)),
      http.get('/api/v1/admin/repair/category', () => json({ list: [{ idx: 5, name: '가방', options: [{ idx: 51, name: '손잡이' }, { idx: 52, name: '지퍼' }] }] })),
      http.post('/api/v1/admin/repair/category', async ({ request }) => {
        body = (await request.json()) as { list: unknown[] };
        return json({ list: [{ idx: 5, name: '가방', options: [{ idx: 51, name: '손잡이' }] }, { idx: 6, name: '신발', options: [] }] });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByDisplayValue('지퍼')).toBeInTheDocument();
    // Every add and remove button says what it does in words (issue 23 #20), inside its category's group.
    const bag = within(screen.getByRole('group', { name: '카테고리 1' }));
    expect(bag.getByRole('button', { name: '카테고리 삭제' })).toHaveTextContent('카테고리 삭제');
    expect(bag.getByRole('button', { name: '옵션 추가' })).toHaveTextContent('옵션 추가');
    // Remove 지퍼 (the second option), add a category 신발.
    await user.click(within(bag.getByRole('group', { name: '옵션 2' })).getByRole('button', { name: '옵션 삭제' }));
    await waitFor(() => expect(screen.queryByDisplayValue('지퍼')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '카테고리 추가' }));
    const names = await screen.findAllByLabelText(/^카테고리 이름/);
    await enter(user, names[names.length - 1], '신발');
    const saves = screen.getAllByRole('button', { name: '저장' });
    await user.click(saves[saves.length - 1]);
    await waitFor(() => expect(body).toEqual({ list: [
      { idx: 5, name: '가방', options: [{ idx: 51, name: '손잡이' }] },
      { idx: null, name: '신발', options: [] },
    ] }));
    expect(await screen.findByText('저장했어요')).toBeInTheDocument();
  });
});
