import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useGetList, useGetOne } from 'react-admin';
import { dataProvider } from './index';
import { API, fail, json, server, setupMsw, signIn } from '../testing/server';
import { renderWithAdmin } from '../testing/render';
import { brandAccount } from '../testing/fixtures';
import { MSG } from '../domain/messages';
import { onAppEvent, type AppEvent } from '../framework/events';
import { PAGE_PRESENTS_ERRORS } from '../framework/queryClient';

setupMsw();

describe('dataProvider against the REST contract', () => {
  beforeEach(() => signIn(brandAccount()));

  it('reads a list envelope with the bearer token and the list query', async () => {
    let seen: URL | undefined;
    let auth: string | null = null;
    server.use(
      http.get(`${API}/members`, ({ request }) => {
        seen = new URL(request.url);
        auth = request.headers.get('authorization');
        return json({ list: [{ idx: 5, email: 'staff@demo.test' }], total: 1 });
      }),
    );
    const out = await dataProvider.getList('members', { pagination: { page: 1, perPage: 25 }, sort: { field: 'idx', order: 'ASC' }, filter: {} });
    expect(out).toEqual({ data: [{ id: 5, idx: 5, email: 'staff@demo.test' }], total: 1 });
    expect(auth).toBe('Bearer test-token');
    expect(seen?.searchParams.get('pageSize')).toBe('25');
    expect(seen?.searchParams.get('sort')).toBe('idx,ASC');
  });

  it('deletes many products in one all-or-nothing request (the endpoint\'s bulkDelete), others one by one', async () => {
    const calls: string[] = [];
    server.use(
      http.delete('/api/v1/admin/partners-product/bulk', async ({ request }) => (calls.push(`bulk ${JSON.stringify(await request.json())}`), json({ productIdxList: [3, 4] }))),
      http.delete(`${API}/members/:id`, ({ params }) => (calls.push(`member ${String(params.id)}`), new HttpResponse(null, { status: 204 }))),
    );
    expect(await dataProvider.deleteMany('product', { ids: [3, 4] })).toEqual({ data: [3, 4] });
    expect(await dataProvider.deleteMany('members', { ids: [7, 8] })).toEqual({ data: [7, 8] });
    expect(calls.sort()).toEqual(['bulk {"productIdxList":[3,4]}', 'member 7', 'member 8']);
  });

  it('reads a single envelope from another base, and PATCHes / DELETEs records', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/payment/v2/subscription', () => json({ planGroup: 'PRO', state: 'CHARGED' })),
      http.patch(`${API}/members/5`, async ({ request }) => (calls.push(`PATCH ${JSON.stringify(await request.json())}`), json({ idx: 5, companyName: '김직원' }))),
      http.delete(`${API}/members/5`, () => (calls.push('DELETE'), new HttpResponse(null, { status: 204 }))),
    );
    expect((await dataProvider.getOne('subscription', { id: 'current' })).data).toMatchObject({ planGroup: 'PRO', state: 'CHARGED' });
    const updated = await dataProvider.update('members', { id: 5, data: { id: 5, idx: 5, companyName: '김직원' }, previousData: { id: 5 } });
    expect(updated.data).toMatchObject({ id: 5, companyName: '김직원' });
    const deleted = await dataProvider.delete('members', { id: 5, previousData: { id: 5, email: 'x' } });
    expect(deleted.data).toMatchObject({ id: 5 });
    expect(calls).toEqual(['PATCH {"companyName":"김직원"}', 'DELETE']);
  });

  it('rejects with an HttpError whose body.errors is shaped like the form', async () => {
    server.use(
      http.put(`${API}/service-terms`, () =>
        fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { 'privacyOfficer.email': '이메일 형식이 올바르지 않아요' } }),
      ),
    );
    await expect(dataProvider.update('service-terms', { id: 'x', data: {}, previousData: { id: 'x' } })).rejects.toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', errors: { privacyOfficer: { email: '이메일 형식이 올바르지 않아요' } } },
    });
  });
});

/** A list read through react-query, as pages read: its failure is presented by the query cache. */
function CallOnMount({ resource }: { resource: string }) {
  useGetList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'idx', order: 'ASC' }, filter: {} });
  return null;
}

describe('how failures are shown', () => {
  beforeEach(() => signIn(brandAccount()));

  it('FEATURE_DISABLED shows the blocked-feature toast', async () => {
    server.use(http.get(`${API}/members`, () => fail(403, { code: 'FEATURE_DISABLED', message: MSG.featureBlocked })));
    renderWithAdmin(<CallOnMount resource="members" />);
    expect(await screen.findByText('이용할 수 없는 기능이에요. 고객센터에 문의해 주세요')).toBeInTheDocument();
  });

  it('TRIAL_FINISHED opens the modal with the upgrade button', async () => {
    server.use(http.get(`${API}/members`, () => fail(403, { code: 'TRIAL_FINISHED', message: 'x' })));
    const { user } = renderWithAdmin(<CallOnMount resource="members" />);
    const dialog = await screen.findByRole('dialog', { name: MSG.trialFinished });
    expect(dialog).toHaveTextContent('요금제 업그레이드');
    await user.click(screen.getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('SUBSCRIPTION_REQUIRED and PLAN_UPGRADE_REQUIRED open their modals', async () => {
    server.use(http.get(`${API}/members`, () => fail(403, { code: 'SUBSCRIPTION_REQUIRED', message: 'x' })));
    renderWithAdmin(<CallOnMount resource="members" />);
    expect(await screen.findByRole('dialog', { name: MSG.noSubscription })).toBeInTheDocument();
  });

  it('PLAN_UPGRADE_REQUIRED has only a close button', async () => {
    server.use(http.get(`${API}/members`, () => fail(403, { code: 'PLAN_UPGRADE_REQUIRED', message: 'x' })));
    renderWithAdmin(<CallOnMount resource="members" />);
    const dialog = await screen.findByRole('dialog', { name: MSG.planUpgrade });
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
    expect(dialog).toHaveTextContent('닫기');
  });

  it('a server failure opens the generic dialog with the default texts and a confirm button', async () => {
    server.use(http.get(`${API}/members`, () => fail(500, { code: 'INTERNAL_ERROR', message: 'db down' })));
    const { user } = renderWithAdmin(<CallOnMount resource="members" />);
    const dialog = await screen.findByRole('dialog', { name: MSG.genericErrorTitle });
    expect(dialog).toHaveTextContent(MSG.genericErrorMessage);
    expect(dialog).not.toHaveTextContent('db down');
    await user.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the generic dialog shows the server title and message of a 4xx', async () => {
    server.use(http.get(`${API}/members`, () => fail(404, { code: 'NOT_FOUND', title: '찾을 수 없음', message: '요청한 정보를 찾을 수 없어요' })));
    renderWithAdmin(<CallOnMount resource="members" />);
    const dialog = await screen.findByRole('dialog', { name: '찾을 수 없음' });
    expect(dialog).toHaveTextContent('요청한 정보를 찾을 수 없어요');
  });

  it('a read outside react-query presents nothing; the query cache presents a failed read once for all its observers', async () => {
    server.use(http.get(`${API}/members`, () => fail(500, { code: 'INTERNAL_ERROR', message: 'db down' })));
    const events: AppEvent[] = [];
    const off = onAppEvent((e) => events.push(e));
    await expect(dataProvider.getList('members', { pagination: { page: 1, perPage: 10 }, sort: { field: 'idx', order: 'ASC' }, filter: {} })).rejects.toMatchObject({ status: 500 });
    expect(events).toEqual([]);
    renderWithAdmin(
      <>
        <CallOnMount resource="members" />
        <CallOnMount resource="members" />
      </>,
    );
    await screen.findByRole('dialog', { name: MSG.genericErrorTitle });
    off();
    expect(events).toEqual([{ type: 'error', title: undefined, message: undefined }]);
  });

  it('a read whose page presents its failures (react-query meta, no part of the key) gets no dialog from the cache', async () => {
    server.use(http.get(`${API}/members/7`, () => fail(404, { code: 'NOT_FOUND', message: '요청한 정보를 찾을 수 없어요' })));
    function Detail() {
      const { error } = useGetOne('members', { id: 7 }, { meta: PAGE_PRESENTS_ERRORS });
      return <p>{error ? `status ${(error as { status?: number }).status}` : 'loading'}</p>;
    }
    renderWithAdmin(<Detail />);
    expect(await screen.findByText('status 404')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
