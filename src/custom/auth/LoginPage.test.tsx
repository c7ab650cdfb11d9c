import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PublicApp } from './PublicApp';
import { nav } from './nav';
import { API, goTo, server, setupMsw } from '../../testing/server';
import { getToken } from '../../providers/session';
import { FIELD_MSG, MSG } from '../../domain/messages';

setupMsw();

function renderLogin(url = '/auth/login') {
  goTo(url);
  const replace = vi.spyOn(nav, 'replace').mockImplementation(() => {});
  render(<PublicApp />);
  return { user: userEvent.setup(), replace };
}

afterEach(() => vi.restoreAllMocks());

describe('/auth/login', () => {
  it('shows the form with its links', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: '로그인' })).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).toHaveFocus();
    expect(screen.getByLabelText('비밀번호')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/auth/signup');
    expect(screen.getByRole('link', { name: '비밀번호 찾기' })).toHaveAttribute('href', '/reset/request/password');
  });

  it('stores the token and loads the url= target after a successful sign-in (Enter submits)', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/sign-in`, async ({ request }) => {
        body = await request.json();
        expect(request.headers.get('authorization')).toBeNull();
        return HttpResponse.json({ data: { token: 'tok-123', expiresAt: '2030-01-01T00:00:00Z' } });
      }),
    );
    const { user, replace } = renderLogin('/auth/login?url=%2Fb2b%2Fcustomer%3Fpage%3D2');
    await user.type(screen.getByLabelText('이메일'), 'brand@demo.test');
    await user.type(screen.getByLabelText('비밀번호'), 'demo1234!{Enter}');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/b2b/customer?page=2'));
    expect(getToken()).toBe('tok-123');
    expect(body).toEqual({ email: 'brand@demo.test', password: 'demo1234!' });
  });

  it('goes home when url= points elsewhere than this origin', async () => {
    server.use(http.post(`${API}/sign-in`, () => HttpResponse.json({ data: { token: 't' } })));
    const { user, replace } = renderLogin('/auth/login?url=%2F%2Fevil.example');
    await user.type(screen.getByLabelText('이메일'), 'brand@demo.test');
    await user.type(screen.getByLabelText('비밀번호'), 'demo1234!');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/b2b/home'));
  });

  it('validates before calling the server and focuses the first error', async () => {
    const called = vi.fn();
    server.use(http.post(`${API}/sign-in`, () => (called(), HttpResponse.json({ data: { token: 't' } }))));
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText(FIELD_MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MSG.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).toHaveFocus();
    expect(screen.getByLabelText('이메일')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('이메일'), 'not-an-email');
    expect(screen.getByText(FIELD_MSG.emailFormat)).toBeInTheDocument();
    expect(called).not.toHaveBeenCalled();
  });

  it('shows INVALID_CREDENTIALS under the form and stores nothing', async () => {
    server.use(
      http.post(`${API}/sign-in`, () =>
        HttpResponse.json({ code: 'INVALID_CREDENTIALS', message: FIELD_MSG.invalidCredentials }, { status: 401 }),
      ),
    );
    const { user, replace } = renderLogin();
    await user.type(screen.getByLabelText('이메일'), 'brand@demo.test');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong-pass1!{Enter}');
    expect(await screen.findByText(FIELD_MSG.invalidCredentials)).toBeInTheDocument();
    expect(screen.getByLabelText('비밀번호')).toHaveFocus();
    expect(getToken()).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows the TOO_MANY_REQUESTS message', async () => {
    server.use(
      http.post(`${API}/sign-in`, () =>
        HttpResponse.json({ code: 'TOO_MANY_REQUESTS', message: FIELD_MSG.tooManyAttempts }, { status: 429 }),
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('이메일'), 'brand@demo.test');
    await user.type(screen.getByLabelText('비밀번호'), 'x{Enter}');
    expect(await screen.findByText(FIELD_MSG.tooManyAttempts)).toBeInTheDocument();
  });

  it('prompts for e-mail verification on UNCONFIRMED_ACCOUNT and resends the mail', async () => {
    let resentFor: unknown;
    server.use(
      http.post(`${API}/sign-in`, () =>
        HttpResponse.json({ code: 'UNCONFIRMED_ACCOUNT', message: MSG.unconfirmedAccount }, { status: 403 }),
      ),
      http.post(`${API}/email/confirm`, async ({ request }) => {
        resentFor = await request.json();
        return HttpResponse.json({ data: null });
      }),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('이메일'), 'new@demo.test');
    await user.type(screen.getByLabelText('비밀번호'), 'demo1234!{Enter}');
    expect(await screen.findByText(MSG.unconfirmedAccount)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '인증 메일 다시 보내기' }));
    expect(await screen.findByText('인증 요청 이메일을 보냈어요')).toBeInTheDocument();
    expect(resentFor).toEqual({ email: 'new@demo.test' });
    expect(getToken()).toBeNull();
  });

  it('shows the server title and message of a generic failure, defaults otherwise', async () => {
    server.use(http.post(`${API}/sign-in`, () => HttpResponse.json({ code: 'INTERNAL_ERROR', message: '서버 점검 중이에요' }, { status: 500 })));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('이메일'), 'brand@demo.test');
    await user.type(screen.getByLabelText('비밀번호'), 'demo1234!{Enter}');
    expect(await screen.findByText(MSG.genericErrorTitle)).toBeInTheDocument();
    expect(screen.getByText('서버 점검 중이에요')).toBeInTheDocument();
  });

  it('tells a user coming from the mailed link that the e-mail is verified', () => {
    renderLogin('/auth/login?verified=1');
    expect(screen.getByText('이메일 인증이 완료되었어요. 로그인해 주세요.')).toBeInTheDocument();
  });
});
