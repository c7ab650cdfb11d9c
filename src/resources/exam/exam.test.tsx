import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { recordOf } from '../../testing/resourceRecords';
import { enter } from '../../testing/enter';
import { examResource } from '../../domain/resources/exam';
import { EXAM_FAILED, EXAM_MSG, EXAM_PASSED, EXAM_PENDING } from '../../domain/exam';
import { ExamCreate } from './ExamPages';
import ExamShow from './ExamShow';
import ExamList from './ExamList';

setupMsw();

const EXAMS = '/api/v1/admin/exam';
const exam = (idx: number, over: Record<string, unknown> = {}) =>
  recordOf(examResource, {
    idx, productName: `상품${idx}`, customerName: '김검수', examKind: 1, result: EXAM_PENDING, nftIdx: null, photos: [], createdAt: '2026-11-01T03:00:00.000Z', ...over,
  });

/** The inspection API fake: the list, one inspection, and the POST bodies. */
function examsApi() {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.get(`${EXAMS}/:idx`, ({ params }) => json(exam(Number(params.idx), {
      productName: '클래식 토트백', result: EXAM_PASSED, inspectedOn: '2026-11-20', grade: 'A', nftIdx: 12, memo: '정품\n상태 양호',
      photos: [{ path: '1/a.png', url: '/media/1/a.png' }, { path: '1/b.png', url: '/media/1/b.png' }],
    }))),
    http.get(EXAMS, () => json({ list: [exam(7, { productName: '클래식 토트백', result: EXAM_PASSED }), exam(6, { productName: '미니 백', result: EXAM_FAILED })], total: 2 })),
    http.post(EXAMS, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return json(exam(9, body), { status: 201 });
    }),
    // The certificates by the number printed on them: G261127-0000012 is this brand's.
    http.get('/api/v1/admin/nft', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const mine = q.get('search') === 'nftNumber' && q.get('keyword') === 'G261127-0000012';
      return json({ list: mine ? [{ idx: 12, nftNumber: 'G261127-0000012', productName: '클래식 토트백' }] : [], total: mine ? 1 : 0 });
    }),
  );
  return { posted };
}

function renderAt(url: string) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/exam" element={<ExamList />} />
      <Route path="/b2b/inspection" element={<ExamCreate />} />
      <Route path="/b2b/exam/:id" element={<ExamShow />} />
    </Routes>,
  );
}

describe('inspections', () => {
  beforeEach(() => signIn(brandAccount()));

  it('registers from /b2b/inspection: a decided result needs its day, a pending one is sent with the certificate number, then the detail opens', async () => {
    const api = examsApi();
    const { user } = renderAt('/b2b/inspection');
    await enter(user, await screen.findByLabelText(/상품명/), '클래식 토트백');
    await enter(user, screen.getByLabelText(/고객명/), '김검수');
    // The number printed on the certificate, not its address's id (issue 23 #17).
    await enter(user, screen.getByLabelText('보증서 번호'), 'G261127-0000099');
    await user.tab();
    expect(await screen.findByText(EXAM_MSG.certificateInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('보증서 번호'));
    await enter(user, screen.getByLabelText('보증서 번호'), 'g261127-0000012');
    await user.tab();
    expect(await screen.findByText('클래식 토트백', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /검수 종류/ }));
    await user.click(await screen.findByRole('option', { name: '정품 감정' }));
    await user.click(screen.getByRole('combobox', { name: /검수 결과/ }));
    await user.click(await screen.findByRole('option', { name: '합격' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(EXAM_MSG.inspectedOnRequired)).toBeInTheDocument();
    expect(api.posted).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: /검수 결과/ }));
    await user.click(await screen.findByRole('option', { name: '대기' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toMatchObject({ productName: '클래식 토트백', customerName: '김검수', nftIdx: 12, examKind: 1, result: EXAM_PENDING, inspectedOn: null });
    await waitFor(() => expect(window.location.pathname).toBe('/b2b/exam/9'));
  });

  it('uploads photos one after another up to six, removes one, refuses more than six at once and sends the paths', async () => {
    const api = examsApi();
    let uploads = 0;
    server.use(http.post('/api/v1/file/upload', () => {
      uploads += 1;
      return json({ path: `1/p${uploads}.png`, url: `/media/1/p${uploads}.png` });
    }));
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    const { user } = renderAt('/b2b/inspection');
    await enter(user, await screen.findByLabelText(/상품명/), '클래식 토트백');
    await enter(user, screen.getByLabelText(/고객명/), '김검수');
    await user.click(screen.getByRole('combobox', { name: /검수 종류/ }));
    await user.click(await screen.findByRole('option', { name: '상태 점검' }));
    const input = screen.getByTestId('exam-photos-input');
    await user.upload(input, [png('a.png'), png('b.png'), png('c.png')]);
    expect(await screen.findByRole('img', { name: '사진 3' })).toHaveAttribute('src', '/media/1/p3.png');
    await user.click(screen.getByRole('button', { name: '사진 2 삭제' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: '사진 3' })).not.toBeInTheDocument());
    // Two kept and five more would be seven: refused whole, nothing uploaded.
    await user.upload(input, [png('d.png'), png('e.png'), png('f.png'), png('g.png'), png('h.png')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('최대 6장만 업로드할 수 있습니다');
    expect(uploads).toBe(3);
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toMatchObject({ examKind: 2, photos: ['1/p1.png', '1/p3.png'] });
  });

  it('lists the results as chips; a product name opens the detail', async () => {
    examsApi();
    const { user } = renderAt('/b2b/exam');
    const link = await screen.findByRole('link', { name: '클래식 토트백' });
    expect(link.closest('tr')).toHaveTextContent('합격');
    expect(screen.getByRole('link', { name: '미니 백' }).closest('tr')).toHaveTextContent('불합격');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: '검수 상세' })).toBeInTheDocument();
  });

  it('shows the detail: result, certificate link, day, memo, photos and 결과 기록', async () => {
    examsApi();
    renderAt('/b2b/exam/7');
    expect(await screen.findByRole('heading', { name: '검수 상세' })).toBeInTheDocument();
    expect(screen.getByText('합격')).toBeInTheDocument();
    expect(screen.getByText('정품 감정')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /보증서 보기/ })).toHaveAttribute('href', '/b2b/guarantee/12');
    expect(screen.getByText('2026-11-20')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '사진 1' })).toHaveAttribute('src', '/media/1/a.png');
    expect(screen.getByRole('img', { name: '사진 2' })).toHaveAttribute('src', '/media/1/b.png');
    expect(screen.getByRole('link', { name: '결과 기록' })).toHaveAttribute('href', '/b2b/exam/edit/7');
  });
});
