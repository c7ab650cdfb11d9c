import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { fail, json, server, setupMsw, signIn } from '../../../testing/server';
import { renderWithAdmin } from '../../../testing/render';
import { brandAccount } from '../../../testing/fixtures';
import { AS_MSG } from '../../../domain/afterService';
import { PartnerLinksSection } from './PartnerLinksSection';
import type { PartnerLink } from './api';

setupMsw();

const URL_ = '/api/v1/admin/repair/partner';
const link = (over: Partial<PartnerLink>): PartnerLink => ({
  idx: 1, partnerIdx: 10, companyName: '데모수선', email: 'repair@demo.test', status: 'active', createdAt: '2026-11-20T01:00:00.000Z', acceptedAt: '2026-11-20T02:00:00.000Z', ...over,
});

/** The brand's links, kept in memory so invitations and removals show on the next read. */
function linksApi(initial: PartnerLink[]) {
  let rows = [...initial];
  const invited: unknown[] = [];
  server.use(
    http.get(URL_, () => json({ list: rows })),
    http.post(URL_, async ({ request }) => {
      const body = (await request.json()) as { email: string };
      invited.push(body);
      if (body.email === 'nobody@partner.test') return fail(400, { code: 'VALIDATION_FAILED', message: AS_MSG.partnerNotFound, errors: { email: AS_MSG.partnerNotFound } });
      rows = [...rows, link({ idx: 2, partnerIdx: 11, companyName: '새수선', email: body.email, status: 'invited', acceptedAt: null })];
      return json({ idx: 2 }, { status: 201 });
    }),
    http.delete(`${URL_}/:idx`, ({ params }) => {
      rows = rows.filter((r) => r.idx !== Number(params.idx));
      return json({ idx: Number(params.idx) });
    }),
  );
  return invited;
}

describe('PartnerLinksSection', () => {
  it('lists the links with their state and invites a partner by e-mail', async () => {
    signIn(brandAccount());
    const invited = linksApi([link({})]);
    const { user } = renderWithAdmin(<PartnerLinksSection type="repair" />);
    const list = await screen.findByRole('list', { name: '파트너 목록' });
    expect(within(list).getByText('데모수선')).toBeInTheDocument();
    expect(within(list).getByText('연결됨')).toBeInTheDocument();

    await user.type(screen.getByLabelText('파트너 계정 이메일'), 'new@partner.test');
    await user.click(screen.getByRole('button', { name: '초대' }));
    expect(await screen.findByText('초대를 보냈어요')).toBeInTheDocument();
    expect(invited).toEqual([{ email: 'new@partner.test' }]);
    const row = (await within(list).findByText('새수선')).closest('li')!;
    expect(within(row).getByText('초대 중')).toBeInTheDocument();
    expect(screen.getByLabelText('파트너 계정 이메일')).toHaveValue('');
  });

  it('shows a malformed e-mail and the server\'s refusal on the field', async () => {
    signIn(brandAccount());
    const invited = linksApi([]);
    const { user } = renderWithAdmin(<PartnerLinksSection type="repair" />);
    expect(await screen.findByText('연결된 파트너가 없어요')).toBeInTheDocument();
    const field = screen.getByLabelText('파트너 계정 이메일');
    await user.type(field, 'not-an-email');
    await user.click(screen.getByRole('button', { name: '초대' }));
    expect(await screen.findByText(AS_MSG.partnerEmailInvalid)).toBeInTheDocument();
    expect(invited).toEqual([]);

    await user.clear(field);
    await user.type(field, 'nobody@partner.test');
    await user.click(screen.getByRole('button', { name: '초대' }));
    expect(await screen.findByText(AS_MSG.partnerNotFound)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('removes a link only after the confirmation', async () => {
    signIn(brandAccount());
    linksApi([link({})]);
    const { user } = renderWithAdmin(<PartnerLinksSection type="repair" />);
    await user.click(await screen.findByRole('button', { name: '데모수선 삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('데모수선 파트너 연결을 삭제할까요?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('데모수선')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '데모수선 삭제' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('파트너 연결을 삭제했어요')).toBeInTheDocument();
    expect(await screen.findByText('연결된 파트너가 없어요')).toBeInTheDocument();
  });
});
