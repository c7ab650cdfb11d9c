import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MembersSection } from './MembersSection';
import { API, fail, json, server, setupMsw, signIn } from '../../testing/server';
import { renderWithAdmin } from '../../testing/render';
import { enter } from '../../testing/enter';
import { brandAccount } from '../../testing/fixtures';

setupMsw();

const staff = { idx: 2, parentIdx: 1, email: 'staff@demo.test', companyName: '김직원', phoneNum: '01011112222' };

describe('sub-account management', () => {
  beforeEach(() => signIn(brandAccount()));

  it('lists the members', async () => {
    server.use(http.get(`${API}/members`, () => json({ list: [staff], total: 1 })));
    renderWithAdmin(<MembersSection />);
    expect(await screen.findByText('staff@demo.test')).toBeInTheDocument();
    expect(screen.getByText('김직원')).toBeInTheDocument();
  });

  it('asks for confirmation before deleting, and deletes only after 삭제', async () => {
    const deleted = vi.fn();
    let list = [staff];
    server.use(
      http.get(`${API}/members`, () => json({ list, total: list.length })),
      http.delete(`${API}/members/2`, () => (deleted(), (list = []), json(staff))),
    );
    const { user } = renderWithAdmin(<MembersSection />);
    await user.click(await screen.findByRole('button', { name: '삭제 staff@demo.test' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('하위 계정 삭제');
    expect(dialog).toHaveTextContent('staff@demo.test 계정을 삭제할까요?');
    expect(deleted).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: /취소/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '삭제 staff@demo.test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /삭제/ }));
    await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('하위 계정을 삭제했어요')).toBeInTheDocument();
  });

  it('creates a member and shows a duplicate e-mail from the server on the field', async () => {
    server.use(
      http.get(`${API}/members`, () => json({ list: [], total: 0 })),
      http.post(`${API}/members`, () => fail(409, { code: 'DUPLICATE_EMAIL', message: '이미 가입된 이메일이에요', errors: { email: '이미 가입된 이메일이에요' } })),
    );
    const { user } = renderWithAdmin(<MembersSection />);
    expect(await screen.findByText('아직 하위 계정이 없어요')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '하위 계정 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '하위 계정 추가' });
    await enter(user, within(dialog).getByLabelText(/이메일/), 'brand@demo.test');
    await enter(user, within(dialog).getByLabelText(/^비밀번호$/), 'demo1234!');
    await enter(user, within(dialog).getByLabelText(/담당자 이름/), '박직원');
    await enter(user, within(dialog).getByLabelText(/휴대폰 번호/), '01033334444');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('이미 가입된 이메일이에요')).toBeInTheDocument();
  });
});

describe('sub-accounts without a subscription', () => {
  it('explains the subscription need instead of calling the API', async () => {
    const { nonSubscriber } = await import('../../testing/fixtures');
    signIn(nonSubscriber());
    renderWithAdmin(<MembersSection />);
    expect(await screen.findByText('요금제를 구독하면 하위 계정을 만들고 관리할 수 있어요')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '하위 계정 추가' })).not.toBeInTheDocument();
  });
});
