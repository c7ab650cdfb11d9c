import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SignedOutPage } from './SignedOutPage';
import { nav } from './nav';
import { API, server, setupMsw } from '../../testing/server';
import { getToken, saveSession } from '../../providers/session';

setupMsw();
afterEach(() => vi.restoreAllMocks());

function identity(isLeaved: 'Y' | 'N') {
  server.use(http.get(API, () => HttpResponse.json({ data: { idx: 1, parentIdx: 1, isLeaved } })));
}

function setup() {
  saveSession('leaving-token');
  const replace = vi.spyOn(nav, 'replace').mockImplementation(() => {});
  render(<SignedOutPage />);
  return { user: userEvent.setup(), replace };
}

describe('/signedout', () => {
  it('cancels the withdrawal with the stored token, then loads home', async () => {
    identity('Y');
    let auth: string | null = null;
    server.use(
      http.post(`${API}/withdraw/cancel`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: null });
      }),
    );
    const { user, replace } = setup();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '탈퇴 철회' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/b2b/home'));
    expect(auth).toBe('Bearer leaving-token');
    expect(getToken()).toBe('leaving-token');
  });

  it('logs out: signs out on the server, clears the session and goes to login', async () => {
    identity('Y');
    let auth: string | null = null;
    server.use(
      http.post(`${API}/sign-out`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ data: null });
      }),
    );
    const { user, replace } = setup();
    await user.click(screen.getByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/login'));
    expect(auth).toBe('Bearer leaving-token');
    expect(getToken()).toBeNull();
  });

  it('sends an account that is not withdrawn home', async () => {
    identity('N');
    const { replace } = setup();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/b2b/home'));
  });

  it('shows the generic error when the cancellation fails', async () => {
    identity('Y');
    server.use(http.post(`${API}/withdraw/cancel`, () => HttpResponse.json({ code: 'INTERNAL_ERROR', message: '잠시 후 다시 시도해 주세요.' }, { status: 500 })));
    const { user, replace } = setup();
    await user.click(screen.getByRole('button', { name: '탈퇴 철회' }));
    expect(await screen.findByText('일시적인 오류가 발생했어요.')).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });
});
