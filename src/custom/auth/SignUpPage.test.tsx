import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SignUpPage } from './SignUpPage';
import { authApi } from './api';
import { TERMS_TEXT } from '../../domain/terms';
import { API, server, setupMsw } from '../../testing/server';
import { enter } from '../../testing/enter';
import { getToken } from '../../providers/session';
import { FIELD_MSG, MSG } from '../../domain/messages';

setupMsw();

const newUser = () => userEvent.setup();

/** 1234567891 passes the National Tax Service check digit. */
const BIZ = '1234567891';

/** Resolves when the e-mail check of the given address has been answered. */
let emailAnswered: (email: string) => Promise<void> = () => Promise.resolve();

function emailCheck(result: { duplicated: boolean; unconfirmed: boolean } = { duplicated: false, unconfirmed: false }) {
  const seen: string[] = [];
  const waiting = new Map<string, () => void>();
  server.use(
    http.get(`${API}/email/duplication`, ({ request }) => {
      const email = new URL(request.url).searchParams.get('email') ?? '';
      seen.push(email);
      queueMicrotask(() => waiting.get(email)?.());
      return HttpResponse.json({ data: result });
    }),
  );
  emailAnswered = (email) => (seen.includes(email) ? Promise.resolve() : new Promise((resolve) => waiting.set(email, resolve)));
  return seen;
}

function businessCheck(duplicated = false) {
  const seen: string[] = [];
  server.use(
    http.get(`${API}/businessNo/duplication`, ({ request }) => {
      seen.push(new URL(request.url).searchParams.get('businessNo') ?? '');
      return HttpResponse.json({ data: { duplicated } });
    }),
  );
  return seen;
}

/** Step 1 typed; returns once the e-mail check has answered and step 2 is on screen. */
async function start(email = 'new@brand.test') {
  const user = newUser();
  render(<SignUpPage />);
  await user.type(screen.getByLabelText('이메일'), email);
  await emailAnswered(email);
  await screen.findByLabelText('비밀번호');
  return user;
}

const DETAILS = ['사업자등록번호', '휴대폰 번호', '회사명'];

/** Step 2: password, its confirmation and (unless told not to) the two required consents. */
async function fillAccount(user: ReturnType<typeof userEvent.setup>, opts: { terms?: boolean } = {}) {
  await enter(user, screen.getByLabelText('비밀번호'), 'secret12!');
  await enter(user, screen.getByLabelText('비밀번호 확인'), 'secret12!');
  if (opts.terms !== false) {
    await user.click(screen.getByLabelText('서비스 이용약관 동의 (필수)'));
    await user.click(screen.getByLabelText('개인정보 수집 및 이용 동의 (필수)'));
  }
}

/** Steps 2 and 3. */
async function fillRest(user: ReturnType<typeof userEvent.setup>) {
  await fillAccount(user);
  await enter(user, await screen.findByLabelText('사업자등록번호'), BIZ);
  await enter(user, screen.getByLabelText('휴대폰 번호'), '01012345678');
  await enter(user, screen.getByLabelText('회사명'), '  새 브랜드 ');
}

describe('/auth/signup', () => {
  it('shows only the e-mail first, then password and consents for a valid, free e-mail', async () => {
    const seen = emailCheck();
    const user = newUser();
    render(<SignUpPage />);
    expect(screen.getByRole('heading', { level: 1, name: '회원가입' })).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).toBeInTheDocument();
    expect(screen.queryByLabelText('비밀번호')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('비밀번호 확인')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('전체 동의')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('사업자등록번호')).not.toBeInTheDocument();

    // Not a valid e-mail yet: no check is scheduled, however long one waits (the clock is moved, not waited for).
    const check = vi.spyOn(authApi, 'emailDuplication');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // A synchronous change: user-event and Testing Library's async helpers wait on timers this clock holds.
      fireEvent.change(screen.getByLabelText('이메일'), { target: { value: 'new@brand' } });
      vi.advanceTimersByTime(10_000);
      expect(check).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toEqual([]);
    expect(screen.queryByLabelText('비밀번호')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('이메일'), '.test');
    await emailAnswered('new@brand.test');
    expect(await screen.findByLabelText('비밀번호')).toBeInTheDocument();
    expect(check).toHaveBeenCalledTimes(1);
    check.mockRestore();
    expect(seen).toEqual(['new@brand.test']);
    expect(screen.getByLabelText('비밀번호 확인')).toBeInTheDocument();
    expect(screen.getByLabelText('전체 동의')).toBeInTheDocument();
    for (const label of ['서비스 이용약관 동의 (필수)', '개인정보 수집 및 이용 동의 (필수)', '프로모션 정보 수신 동의 (선택)', '마케팅 정보 수신 동의 (선택)'])
      expect(screen.getByLabelText(label)).not.toBeChecked();
    for (const label of DETAILS) expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
  });

  it('shows business number, phone and company once the password is valid, confirmed and both required terms are agreed', async () => {
    emailCheck();
    const user = await start();
    const detailsAbsent = () => {
      for (const label of DETAILS) expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    };
    await enter(user, screen.getByLabelText('비밀번호'), 'short');
    await user.click(screen.getByLabelText('서비스 이용약관 동의 (필수)'));
    detailsAbsent();
    await user.clear(screen.getByLabelText('비밀번호'));
    await enter(user, screen.getByLabelText('비밀번호'), 'secret12!');
    await enter(user, screen.getByLabelText('비밀번호 확인'), 'secret12');
    detailsAbsent();
    await user.type(screen.getByLabelText('비밀번호 확인'), '!');
    // The second required consent is still missing.
    detailsAbsent();
    await user.click(screen.getByLabelText('개인정보 수집 및 이용 동의 (필수)'));
    for (const label of DETAILS) expect(await screen.findByLabelText(label)).toBeInTheDocument();
    // Once shown, they stay while the earlier fields are edited.
    await user.click(screen.getByLabelText('개인정보 수집 및 이용 동의 (필수)'));
    await user.type(screen.getByLabelText('비밀번호'), 'x');
    for (const label of DETAILS) expect(screen.getByLabelText(label)).toBeInTheDocument();
  });

  it('blocks a registered e-mail with the duplicate message', async () => {
    emailCheck({ duplicated: true, unconfirmed: false });
    const user = newUser();
    render(<SignUpPage />);
    await user.type(screen.getByLabelText('이메일'), 'brand@demo.test');
    expect(await screen.findByText(FIELD_MSG.emailDuplicate)).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).toHaveAccessibleDescription(FIELD_MSG.emailDuplicate);
    await user.keyboard('{Enter}');
    expect(screen.queryByLabelText('비밀번호')).not.toBeInTheDocument();
  });

  it('blocks an unconfirmed account e-mail and offers to resend its verification mail', async () => {
    emailCheck({ duplicated: true, unconfirmed: true });
    server.use(http.post(`${API}/email/confirm`, () => HttpResponse.json({ data: null })));
    const user = newUser();
    render(<SignUpPage />);
    await user.type(screen.getByLabelText('이메일'), 'pending@demo.test');
    expect(await screen.findByText(FIELD_MSG.emailUnconfirmed)).toBeInTheDocument();
    expect(screen.queryByLabelText('비밀번호')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '인증 메일 다시 보내기' }));
    expect(await screen.findByText(MSG.verificationResent)).toBeInTheDocument();
  });

  it('shows the format error for an invalid e-mail on Enter and keeps focus there', async () => {
    const user = newUser();
    render(<SignUpPage />);
    await user.type(screen.getByLabelText('이메일'), 'nope{Enter}');
    expect(await screen.findByText(FIELD_MSG.emailFormat)).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).toHaveFocus();
  });

  it('requires the required terms, with the message under the consent block', async () => {
    emailCheck();
    businessCheck();
    const signUp = vi.fn();
    server.use(http.post(`${API}/sign-up`, () => (signUp(), HttpResponse.json({ data: { token: 't' } }, { status: 201 }))));
    const user = await start();
    await fillAccount(user, { terms: false });
    await user.click(screen.getByLabelText('프로모션 정보 수신 동의 (선택)'));
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    const block = screen.getByRole('group', { name: '약관 동의' });
    const message = await screen.findByText(FIELD_MSG.termsRequired);
    expect(screen.getAllByText(FIELD_MSG.termsRequired)).toHaveLength(1);
    // Right under the block, and announced as its description.
    expect(block.nextElementSibling).toBe(message);
    expect(block).toHaveAccessibleDescription(FIELD_MSG.termsRequired);
    expect(screen.getByLabelText('서비스 이용약관 동의 (필수)')).toHaveFocus();
    expect(screen.queryByLabelText('사업자등록번호')).not.toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();

    // Agreeing to everything clears the message.
    await user.click(screen.getByLabelText('전체 동의'));
    expect(screen.getByLabelText('서비스 이용약관 동의 (필수)')).toBeChecked();
    expect(screen.getByLabelText('마케팅 정보 수신 동의 (선택)')).toBeChecked();
    expect(screen.queryByText(FIELD_MSG.termsRequired)).not.toBeInTheDocument();
    expect(await screen.findByLabelText('사업자등록번호')).toBeInTheDocument();
  });

  it('labels the steps 1 / 2 and 2 / 2; 가입하기 on a freshly opened step 2 moves there without marking it red', async () => {
    emailCheck();
    const user = newUser();
    render(<SignUpPage />);
    expect(screen.getByText(/1 \/ 2 단계/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('이메일'), 'new@brand.test');
    await emailAnswered('new@brand.test');
    await screen.findByLabelText('비밀번호');
    expect(screen.getByText('2 / 2 단계')).toBeInTheDocument();
    expect(screen.queryByText(/1 \/ 2 단계/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(screen.getByLabelText('비밀번호')).toHaveFocus());
    expect(screen.getByLabelText('비밀번호')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('비밀번호 확인')).not.toHaveAttribute('aria-invalid', 'true');
    for (const message of [FIELD_MSG.passwordRequired, FIELD_MSG.passwordConfirmRequired, FIELD_MSG.termsRequired])
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.getByText('2 / 2 단계')).toBeInTheDocument();
  });

  it('opens each consent’s text from its 보기 link', async () => {
    emailCheck();
    const user = await start();
    for (const terms of Object.values(TERMS_TEXT)) {
      await user.click(screen.getByRole('button', { name: `${terms.title} 보기` }));
      const dialog = await screen.findByRole('dialog', { name: terms.title });
      expect(within(dialog).getByText(terms.paragraphs[0]!)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: '닫기' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    // Reading the terms agrees to nothing.
    expect(screen.getByLabelText('서비스 이용약관 동의 (필수)')).not.toBeChecked();
  });

  it('validates each step on submit and focuses the first error', async () => {
    emailCheck();
    const user = await start();
    // The first press only moves to the freshly opened step 2; the next one checks it.
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(screen.getByLabelText('비밀번호')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText(FIELD_MSG.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MSG.passwordConfirmRequired)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MSG.termsRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('비밀번호')).toHaveFocus();
    expect(screen.queryByLabelText('사업자등록번호')).not.toBeInTheDocument();

    await fillAccount(user);
    await screen.findByLabelText('사업자등록번호');
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText(FIELD_MSG.businessNumRequired)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MSG.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MSG.companyNameRequired)).toBeInTheDocument();
    expect(screen.queryByText(FIELD_MSG.termsRequired)).not.toBeInTheDocument();
    expect(screen.getByLabelText('사업자등록번호')).toHaveFocus();
  });

  it('validates a field on blur (password rule, mismatch, business number)', async () => {
    emailCheck();
    const user = await start();
    await enter(user, screen.getByLabelText('비밀번호'), 'short');
    await user.tab();
    expect(await screen.findByText(FIELD_MSG.passwordRule)).toBeInTheDocument();
    await enter(user, screen.getByLabelText('비밀번호 확인'), 'other');
    await user.tab();
    expect(await screen.findByText(FIELD_MSG.passwordConfirmMismatch)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('비밀번호'));
    await user.clear(screen.getByLabelText('비밀번호 확인'));
    await fillAccount(user);
    await enter(user, await screen.findByLabelText('사업자등록번호'), '1234567890');
    await user.tab();
    expect(await screen.findByText(FIELD_MSG.businessNumFormat)).toBeInTheDocument();
  });

  it('formats the business and phone numbers with their max lengths', async () => {
    emailCheck();
    businessCheck();
    const user = await start();
    await fillAccount(user);
    const biz = await screen.findByLabelText('사업자등록번호');
    const phone = screen.getByLabelText('휴대폰 번호');
    expect(biz).toHaveAttribute('maxlength', '12');
    expect(phone).toHaveAttribute('maxlength', '13');
    await user.type(biz, BIZ);
    expect(biz).toHaveValue('123-45-67891');
    await user.type(phone, '01012345678');
    expect(phone).toHaveValue('010-1234-5678');
  });

  it('checks the business number for duplicates on blur', async () => {
    emailCheck();
    const seen = businessCheck(true);
    const user = await start();
    await fillAccount(user);
    await enter(user, await screen.findByLabelText('사업자등록번호'), BIZ);
    await user.tab();
    expect(await screen.findByText(FIELD_MSG.businessNumDuplicate)).toBeInTheDocument();
    expect(seen).toEqual([BIZ]);
  });

  it('creates the account with digits only and brandName, sends the consents with its token, then shows step 2', async () => {
    emailCheck();
    businessCheck();
    let signUpBody: unknown;
    let consentsBody: unknown;
    let consentsAuth: string | null = null;
    const order: string[] = [];
    server.use(
      http.post(`${API}/sign-up`, async ({ request }) => {
        order.push('sign-up');
        signUpBody = await request.json();
        return HttpResponse.json({ data: { token: 'new-account-token' } }, { status: 201 });
      }),
      http.post(`${API}/consents`, async ({ request }) => {
        order.push('consents');
        consentsAuth = request.headers.get('authorization');
        consentsBody = await request.json();
        return HttpResponse.json({ data: { list: [] } });
      }),
      http.post(`${API}/email/confirm`, () => HttpResponse.json({ data: null })),
    );
    const user = await start();
    await fillRest(user);
    await user.click(screen.getByLabelText('마케팅 정보 수신 동의 (선택)'));
    await user.click(screen.getByRole('button', { name: '가입하기' }));

    expect(await screen.findByRole('heading', { name: '인증 메일을 보냈어요' })).toBeInTheDocument();
    expect(screen.getByText('new@brand.test')).toBeInTheDocument();
    expect(order).toEqual(['sign-up', 'consents']);
    expect(signUpBody).toEqual({
      email: 'new@brand.test',
      password: 'secret12!',
      passwordConfirm: 'secret12!',
      businessNum: BIZ,
      phoneNum: '01012345678',
      brandName: '새 브랜드',
      isAgreeServiceUsage: true,
      isAgreePersonalInformation: true,
      isAgreePromotion: false,
      isAgreeMarketing: true,
    });
    expect(consentsAuth).toBe('Bearer new-account-token');
    expect(consentsBody).toEqual({
      consents: [
        { service: 'SERVICE_USAGE', isAgreed: 'Y' },
        { service: 'PERSONAL_INFORMATION', isAgreed: 'Y' },
        { service: 'PROMOTION', isAgreed: 'N' },
        { service: 'MARKETING', isAgreed: 'Y' },
      ],
    });
    // The account is unconfirmed: no session is stored.
    expect(getToken()).toBeNull();

    await user.click(screen.getByRole('button', { name: '인증 메일 다시 보내기' }));
    expect(await screen.findByText(MSG.verificationResent)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/auth/login');
  });

  it('puts server field errors under the right fields (409 e-mail and business number)', async () => {
    emailCheck();
    businessCheck();
    server.use(
      http.post(`${API}/sign-up`, () =>
        HttpResponse.json(
          { code: 'DUPLICATE_BUSINESS_NO', message: FIELD_MSG.businessNumDuplicate, errors: { businessNum: FIELD_MSG.businessNumDuplicate } },
          { status: 409 },
        ),
      ),
    );
    const user = await start();
    await fillRest(user);
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    const biz = screen.getByLabelText('사업자등록번호');
    await waitFor(() => expect(biz).toHaveAccessibleDescription(FIELD_MSG.businessNumDuplicate));
    // The focus moves in the effect after the errors render.
    await waitFor(() => expect(biz).toHaveFocus());
    expect(screen.getByLabelText('이메일')).not.toHaveAttribute('aria-invalid', 'true');

    server.use(
      http.post(`${API}/sign-up`, () =>
        HttpResponse.json({ code: 'DUPLICATE_EMAIL', message: FIELD_MSG.emailDuplicate, errors: { email: FIELD_MSG.emailDuplicate } }, { status: 409 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(screen.getByLabelText('이메일')).toHaveAccessibleDescription(FIELD_MSG.emailDuplicate));
  });

  it('maps 400 field errors, brandName onto 회사명', async () => {
    emailCheck();
    businessCheck();
    server.use(
      http.post(`${API}/sign-up`, () =>
        HttpResponse.json(
          { code: 'VALIDATION_FAILED', message: 'invalid', errors: { phoneNum: FIELD_MSG.phoneFormat, brandName: FIELD_MSG.companyNameRequired } },
          { status: 400 },
        ),
      ),
    );
    const user = await start();
    await fillRest(user);
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(screen.getByLabelText('휴대폰 번호')).toHaveAccessibleDescription(FIELD_MSG.phoneFormat));
    expect(screen.getByLabelText('회사명')).toHaveAccessibleDescription(FIELD_MSG.companyNameRequired);
    await waitFor(() => expect(screen.getByLabelText('휴대폰 번호')).toHaveFocus());
  });
});
