import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ResetRequestPage } from './ResetRequestPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { VerificationFailPage } from './VerificationFailPage';
import { API, server, setupMsw } from '../../testing/server';
import { FIELD_MSG, MSG } from '../../domain/messages';
import { authKo } from '../../i18n/auth.ko';

setupMsw();

describe('/reset/request/password', () => {
  it('always answers with the neutral message after sending', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/password/reset`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: null });
      }),
    );
    const user = userEvent.setup();
    render(<ResetRequestPage />);
    expect(screen.getByRole('heading', { level: 1, name: '비밀번호 찾기' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('이메일'), 'whoever@demo.test');
    await user.click(screen.getByRole('button', { name: '재설정 메일 보내기' }));
    expect(await screen.findByText(authKo.resetRequest.sent)).toBeInTheDocument();
    expect(body).toEqual({ email: 'whoever@demo.test' });
    expect(screen.getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/auth/login');
  });

  it('validates the e-mail first', async () => {
    const called = vi.fn();
    server.use(http.post(`${API}/password/reset`, () => (called(), HttpResponse.json({ data: null }))));
    const user = userEvent.setup();
    render(<ResetRequestPage />);
    await user.type(screen.getByLabelText('이메일'), 'bad{Enter}');
    expect(await screen.findByText(FIELD_MSG.emailFormat)).toBeInTheDocument();
    expect(called).not.toHaveBeenCalled();
  });

  it('shows the server message when rate-limited', async () => {
    server.use(http.post(`${API}/password/reset`, () => HttpResponse.json({ code: 'TOO_MANY_REQUESTS', message: '요청이 너무 많아요' }, { status: 429 })));
    const user = userEvent.setup();
    render(<ResetRequestPage />);
    await user.type(screen.getByLabelText('이메일'), 'a@demo.test{Enter}');
    expect(await screen.findByText('요청이 너무 많아요')).toBeInTheDocument();
    expect(screen.queryByText(authKo.resetRequest.sent)).not.toBeInTheDocument();
  });
});

describe('/reset/password', () => {
  it('sets the new password with the mailed token, then links to login', async () => {
    let body: unknown;
    server.use(
      http.put(`${API}/password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: null });
      }),
    );
    const user = userEvent.setup();
    render(<ResetPasswordPage search="?token=abc123" />);
    await user.type(screen.getByLabelText('새 비밀번호'), 'newpass1!');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'newpass1!{Enter}');
    expect(await screen.findByText(authKo.resetPassword.success)).toBeInTheDocument();
    expect(body).toEqual({ token: 'abc123', password: 'newpass1!', passwordConfirm: 'newpass1!' });
    expect(screen.getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/auth/login');
  });

  it('checks the password rule and the confirmation before calling the server', async () => {
    const called = vi.fn();
    server.use(http.put(`${API}/password`, () => (called(), HttpResponse.json({ data: null }))));
    const user = userEvent.setup();
    render(<ResetPasswordPage search="?token=abc123" />);
    await user.type(screen.getByLabelText('새 비밀번호'), 'weak');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'weak2{Enter}');
    expect(await screen.findByText(FIELD_MSG.passwordRule)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MSG.passwordConfirmMismatch)).toBeInTheDocument();
    expect(screen.getByLabelText('새 비밀번호')).toHaveFocus();
    expect(called).not.toHaveBeenCalled();
  });

  it('explains an INVALID_TOKEN and links to request a new mail', async () => {
    server.use(
      http.put(`${API}/password`, () => HttpResponse.json({ code: 'INVALID_TOKEN', message: FIELD_MSG.resetTokenInvalid }, { status: 400 })),
    );
    const user = userEvent.setup();
    render(<ResetPasswordPage search="?token=expired" />);
    await user.type(screen.getByLabelText('새 비밀번호'), 'newpass1!');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'newpass1!');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText(FIELD_MSG.resetTokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '비밀번호 찾기' })).toHaveAttribute('href', '/reset/request/password');
    expect(screen.queryByLabelText('새 비밀번호')).not.toBeInTheDocument();
  });

  it('treats a link without a token as invalid', () => {
    render(<ResetPasswordPage search="" />);
    expect(screen.getByText(FIELD_MSG.resetTokenInvalid)).toBeInTheDocument();
  });
});

describe('/auth/verification/fail', () => {
  it('explains the failure and resends the verification mail', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/email/confirm`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: null });
      }),
    );
    const user = userEvent.setup();
    render(<VerificationFailPage />);
    expect(screen.getByText(authKo.verificationFail.body)).toBeInTheDocument();
    await user.type(screen.getByLabelText('이메일'), 'new@brand.test');
    await user.click(screen.getByRole('button', { name: '인증 메일 다시 보내기' }));
    expect(await screen.findByText(MSG.verificationResent)).toBeInTheDocument();
    await waitFor(() => expect(body).toEqual({ email: 'new@brand.test' }));
    expect(screen.getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/auth/login');
  });
});
