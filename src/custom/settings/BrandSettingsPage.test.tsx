import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { BrandSettingsPage } from './BrandSettingsPage';
import { API, fail, json, server, setupMsw, signIn } from '../../testing/server';
import { renderWithAdmin } from '../../testing/render';
import { enter } from '../../testing/enter';
import { brandAccount } from '../../testing/fixtures';

setupMsw();

const contact = (email: string, extra: Record<string, string> = {}) => ({ email, phone: '', position: '', name: '', ...extra });
const terms = {
  settlement: contact('pay@demo.test'),
  report: contact('report@demo.test'),
  as: contact('as@demo.test'),
  privacyOfficer: contact('privacy@demo.test', { name: '최보안', position: 'CISO', phone: '0212345670' }),
  privacyTeam: contact('team@demo.test', { phone: '0212345671' }),
};

describe('/setting/brand', () => {
  beforeEach(() => {
    signIn(brandAccount());
    server.use(http.get(`${API}/members`, () => json({ list: [], total: 0 })));
  });

  it('starts an empty brand form quietly when the tenant has no brand yet (404)', async () => {
    server.use(
      http.get(`${API}/brand`, () => fail(404, { code: 'NOT_FOUND', message: '요청한 정보를 찾을 수 없어요' })),
      http.get(`${API}/service-terms`, () => json(terms)),
    );
    renderWithAdmin(<BrandSettingsPage />);
    expect(await screen.findByLabelText(/브랜드명/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves the contacts with PUT and shows dotted server errors on their fields', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get(`${API}/brand`, () => json({ idx: 1, name: '데모브랜드' })),
      http.get(`${API}/service-terms`, () => json(terms)),
      http.put(`${API}/service-terms`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return fail(400, { code: 'VALIDATION_FAILED', message: 'x', errors: { 'privacyOfficer.position': '직책을 다시 확인해 주세요' } });
      }),
    );
    const { user } = renderWithAdmin(<BrandSettingsPage />);
    const officerName = await screen.findByDisplayValue('최보안');
    await enter(user, officerName, '님');
    const saves = screen.getAllByRole('button', { name: '저장' });
    await user.click(saves[1]);
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ privacyOfficer: { name: '최보안님', phone: '0212345670' }, settlement: { email: 'pay@demo.test' } });
    expect(await screen.findByText('직책을 다시 확인해 주세요')).toBeInTheDocument();
    expect(screen.getByDisplayValue('CISO')).toHaveAttribute('aria-invalid', 'true');
  });
});
