import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { SignoutPage } from './SignoutPage';
import { API, fail, json, server, setupMsw, signIn } from '../../testing/server';
import { renderWithAdmin } from '../../testing/render';
import { enter } from '../../testing/enter';
import { brandAccount } from '../../testing/fixtures';
import { browser } from '../../framework/browser';
import { FIELD_MSG } from '../../domain/messages';

setupMsw();
afterEach(() => vi.restoreAllMocks());

describe('/setting/signout', () => {
  beforeEach(() => signIn(brandAccount()));

  it('asks for confirmation, withdraws with password and reason, then leaves for /signedout', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    let body: unknown;
    server.use(http.post(`${API}/withdraw`, async ({ request }) => ((body = await request.json()), json({ isLeaved: 'Y' }))));
    const { user } = renderWithAdmin(<SignoutPage />);
    await enter(user, await screen.findByLabelText(/^비밀번호$/), 'demo1234!');
    await enter(user, screen.getByLabelText(/탈퇴 사유/), '  더 이상 필요 없어요 ');
    await user.click(screen.getByRole('button', { name: '탈퇴하기' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('정말 탈퇴할까요?');
    expect(body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: /탈퇴하기/ }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/signedout'));
    expect(body).toEqual({ password: 'demo1234!', reason: '더 이상 필요 없어요' });
  });

  it('shows a wrong password on the field and stays', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => undefined);
    server.use(http.post(`${API}/withdraw`, () => fail(400, { code: 'VALIDATION_FAILED', message: 'x', errors: { password: FIELD_MSG.passwordWrong } })));
    const { user } = renderWithAdmin(<SignoutPage />);
    await enter(user, await screen.findByLabelText(/^비밀번호$/), 'nope');
    await user.click(screen.getByRole('button', { name: '탈퇴하기' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /탈퇴하기/ }));
    expect(await screen.findByText(FIELD_MSG.passwordWrong)).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });
});
