import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PublicApp } from './PublicApp';
import { goTo, setupMsw } from '../../testing/server';

setupMsw();
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('PublicApp routing', () => {
  it.each([
    ['/auth/login', '로그인'],
    ['/auth/signup', '회원가입'],
    ['/auth/verification/fail', '이메일 인증 실패'],
    ['/reset/request/password', '비밀번호 찾기'],
    ['/reset/password?token=x', '비밀번호 재설정'],
  ])('renders %s', async (url, heading) => {
    goTo(url);
    render(<PublicApp />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('moves between public pages in the app and back with the browser', async () => {
    goTo('/auth/login');
    const user = userEvent.setup();
    render(<PublicApp />);
    await user.click(screen.getByRole('link', { name: '회원가입' }));
    expect(await screen.findByRole('heading', { level: 1, name: '회원가입' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/signup');
    await user.click(screen.getByRole('link', { name: '로그인' }));
    expect(await screen.findByRole('heading', { level: 1, name: '로그인' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '비밀번호 찾기' }));
    expect(await screen.findByRole('heading', { level: 1, name: '비밀번호 찾기' })).toBeInTheDocument();
    window.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: '로그인' })).toBeInTheDocument();
  });
});
