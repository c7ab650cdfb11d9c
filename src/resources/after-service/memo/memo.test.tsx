import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithAdmin } from '../../../testing/render';
import { enter } from '../../../testing/enter';
import { fail, json, server, setupMsw, signIn } from '../../../testing/server';
import { brandAccount, repairerAccount } from '../../../testing/fixtures';
import { AS_MSG } from '../../../domain/afterService';
import type { AsMemo } from './api';
import { MemoPanel } from './MemoPanel';

setupMsw();

const LIST = '/api/v1/admin/memo/repair/5';

function memo(idx: number, over: Partial<AsMemo> = {}): AsMemo {
  return { idx, memo: `메모${idx}`, authorName: '브랜드 관리자', authorType: 'b2b', createdAt: '2026-11-02T01:00:00.000Z', updatedAt: '2026-11-02T01:00:00.000Z', mine: true, ...over };
}

/** The memo API over an in-memory list; `calls` records each write. */
function memoApi(initial: AsMemo[]) {
  let list = [...initial];
  const calls: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: request.method === 'DELETE' ? null : await request.json() });
  };
  server.use(
    http.get(LIST, () => json({ list })),
    http.post(LIST, async ({ request }) => {
      await record(request);
      const body = calls.at(-1)!.body as { memo: string };
      list = [memo(100, { memo: body.memo }), ...list];
      return json(list[0]);
    }),
    http.patch('/api/v1/admin/memo/:idx', async ({ request, params }) => {
      await record(request);
      list = list.map((m) => (m.idx === Number(params.idx) ? { ...m, memo: (calls.at(-1)!.body as { memo: string }).memo } : m));
      return json(list.find((m) => m.idx === Number(params.idx)));
    }),
    http.delete('/api/v1/admin/memo/:idx', async ({ request, params }) => {
      await record(request);
      list = list.filter((m) => m.idx !== Number(params.idx));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const memos = () => within(screen.getByRole('list', { name: '메모 목록' }));

describe('MemoPanel', () => {
  it('adds a memo with its counter and lists it', async () => {
    signIn(brandAccount());
    const calls = memoApi([]);
    const { user } = renderWithAdmin(<MemoPanel type="repair" requestIdx={5} />);
    expect(await screen.findByText('아직 메모가 없어요')).toBeInTheDocument();
    await enter(user, screen.getByRole('textbox', { name: '메모 추가' }), '고객 통화함');
    expect(screen.getByText('6 / 1000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '메모 추가' }));
    expect(await memos().findByText('고객 통화함')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: LIST, body: { memo: '고객 통화함' } }]);
    expect(screen.getByRole('textbox', { name: '메모 추가' })).toHaveValue('');
  });

  it('edits and deletes (after a confirmation) the author’s own memo; others’ memos have no buttons', async () => {
    signIn(brandAccount());
    const calls = memoApi([memo(1), memo(2, { mine: false, authorName: '수선공방' })]);
    const { user } = renderWithAdmin(<MemoPanel type="repair" requestIdx={5} />);
    await memos().findByText('메모1');
    expect(memos().getAllByRole('button', { name: '수정' })).toHaveLength(1);
    await user.click(memos().getByRole('button', { name: '수정' }));
    const box = memos().getByRole('textbox', { name: '메모 수정' });
    await user.clear(box);
    await enter(user, box, '고친 메모');
    await user.click(memos().getByRole('button', { name: '저장' }));
    expect(await memos().findByText('고친 메모')).toBeInTheDocument();
    await user.click(memos().getByRole('button', { name: '삭제' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('이 메모를 삭제할까요?');
    await user.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(memos().queryByText('고친 메모')).not.toBeInTheDocument());
    expect(memos().getByText('메모2')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PATCH', path: '/api/v1/admin/memo/1', body: { memo: '고친 메모' } },
      { method: 'DELETE', path: '/api/v1/admin/memo/1', body: null },
    ]);
  });

  it('says at 1,000 characters that the memo is full, and that a longer paste was cut (issue 23 #20)', async () => {
    signIn(brandAccount());
    memoApi([]);
    const { user } = renderWithAdmin(<MemoPanel type="repair" requestIdx={5} />);
    await screen.findByText('아직 메모가 없어요');
    const box = screen.getByRole('textbox', { name: '메모 추가' });
    await enter(user, box, `${'가'.repeat(600)}\n${'나'.repeat(600)}`);
    expect(box).toHaveValue(`${'가'.repeat(600)}\n${'나'.repeat(399)}`);
    expect(screen.getByText('1000 / 1000 · 1,000자가 넘어 붙여 넣은 내용의 뒷부분이 잘렸어요')).toBeInTheDocument();
    await user.type(box, '{Backspace}');
    expect(screen.getByText('999 / 1000')).toBeInTheDocument();
    await user.type(box, '다');
    expect(screen.getByText('1000 / 1000 · 1,000자까지 쓸 수 있어요')).toBeInTheDocument();
  });

  it('tells the brand its memos are internal and marks them; tells the partner the brand reads its memos (issue 23 #20)', async () => {
    signIn(brandAccount());
    memoApi([memo(1), memo(2, { mine: false, authorName: '수선공방', authorType: 'repairer' })]);
    const { unmount } = renderWithAdmin(<MemoPanel type="repair" requestIdx={5} />);
    expect(await screen.findByText(/브랜드가 쓴 메모는 내부 메모라 브랜드 계정만 봐요/)).toBeInTheDocument();
    const [own, partners] = await memos().findAllByRole('listitem');
    expect(within(own).getByText('내부')).toBeInTheDocument();
    expect(within(partners).queryByText('내부')).not.toBeInTheDocument();
    unmount();

    signIn(repairerAccount());
    memoApi([memo(2, { authorName: '수선공방', authorType: 'repairer' })]);
    renderWithAdmin(<MemoPanel type="repair" requestIdx={5} />);
    expect(await screen.findByText('여기 쓴 메모는 브랜드도 봐요. 브랜드의 내부 메모는 보이지 않아요.')).toBeInTheDocument();
    expect(await memos().findByText('메모2')).toBeInTheDocument();
    expect(memos().queryByText('내부')).not.toBeInTheDocument();
  });

  it('shows the 400 envelope’s memo error under the box', async () => {
    signIn(brandAccount());
    memoApi([]);
    server.use(http.post(LIST, () => fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { memo: AS_MSG.memoTooLong } })));
    const { user } = renderWithAdmin(<MemoPanel type="repair" requestIdx={5} />);
    await screen.findByText('아직 메모가 없어요');
    await enter(user, screen.getByRole('textbox', { name: '메모 추가' }), '긴 메모');
    await user.click(screen.getByRole('button', { name: '메모 추가' }));
    expect(await screen.findByText(AS_MSG.memoTooLong)).toBeInTheDocument();
  });
});
