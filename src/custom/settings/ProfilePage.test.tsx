import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { ProfilePage } from './ProfilePage';
import { API, fail, json, server, setupMsw, signIn } from '../../testing/server';
import { renderWithAdmin } from '../../testing/render';
import { enter } from '../../testing/enter';
import { brandAccount } from '../../testing/fixtures';
import { FIELD_MSG } from '../../domain/messages';

setupMsw();

describe('/setting/profile', () => {
  beforeEach(() => signIn(brandAccount()));

  it('saves company name and phone (digits only)', async () => {
    let body: unknown;
    server.use(http.patch(API, async ({ request }) => ((body = await request.json()), json(brandAccount({ companyName: '새회사' })))));
    const { user } = renderWithAdmin(<ProfilePage />);
    const company = await screen.findByLabelText(/회사명/);
    expect(company).toHaveValue('데모컴퍼니');
    expect(screen.getByLabelText(/휴대폰 번호/)).toHaveValue('010-1234-5678');
    await user.clear(company);
    await enter(user, company, '새회사');
    await user.click(screen.getAllByRole('button', { name: '저장' })[0]);
    await waitFor(() => expect(body).toEqual({ companyName: '새회사', phoneNum: '01012345678' }));
    expect(await screen.findByText('계정 정보를 저장했어요')).toBeInTheDocument();
  });

  it('validates with the shared schema before calling the server', async () => {
    const { user } = renderWithAdmin(<ProfilePage />);
    const company = await screen.findByLabelText(/회사명/);
    await user.clear(company);
    await user.click(screen.getAllByRole('button', { name: '저장' })[0]);
    expect(await screen.findByText(FIELD_MSG.companyNameRequired)).toBeInTheDocument();
  });

  it('shows the server field errors on the fields', async () => {
    server.use(http.patch(API, () => fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { phoneNum: '이미 사용 중인 번호예요' } })));
    const { user } = renderWithAdmin(<ProfilePage />);
    const phone = await screen.findByLabelText(/휴대폰 번호/);
    await user.clear(phone);
    await enter(user, phone, '01098765432');
    await user.click(screen.getAllByRole('button', { name: '저장' })[0]);
    expect(await screen.findByText('이미 사용 중인 번호예요')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a wrong current password under its field', async () => {
    server.use(
      http.patch(`${API}/password`, () => fail(400, { code: 'VALIDATION_FAILED', message: 'x', errors: { currentPassword: FIELD_MSG.currentPasswordWrong } })),
    );
    const { user } = renderWithAdmin(<ProfilePage />);
    await enter(user, await screen.findByLabelText(/현재 비밀번호/), 'wrong-pass1!');
    await enter(user, screen.getByLabelText(/^새 비밀번호$/), 'newpass12!');
    await enter(user, screen.getByLabelText(/^새 비밀번호 확인/), 'newpass12!');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText(FIELD_MSG.currentPasswordWrong)).toBeInTheDocument();
  });
});
