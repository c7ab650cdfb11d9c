import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { fail, json, server, setupMsw, signIn } from '../testing/server';
import { renderWithAdmin } from '../testing/render';
import { repairerAccount } from '../testing/fixtures';
import { AS_MSG } from '../domain/afterService';
import type { PartnerInvitation } from '../resources/after-service/partners/api';
import { PartnerInvitations } from './PartnerInvitations';

setupMsw();

const A = '/api/v1/admin/repair';
const invitation = (over: Partial<PartnerInvitation>): PartnerInvitation => ({ idx: 7, brandName: '데모브랜드', createdAt: '2026-11-20T01:00:00.000Z', ...over });

/**
 * The repairer's invitations, kept in memory like the server: accept and decline remove the row, so
 * the next read of the list no longer has it. Records every PATCH the component sends.
 */
function invitationsApi(initial: PartnerInvitation[], { declineFails = false } = {}) {
  let rows = [...initial];
  const sent: string[] = [];
  server.use(
    http.get(`${A}/invitation`, () => json({ list: rows })),
    http.get(`${A}/request/dashboard`, () => json(null)),
    http.patch(`${A}/partner/:idx/:action`, ({ params }) => {
      const idx = Number(params.idx);
      sent.push(`${params.action as string} ${idx}`);
      if (params.action === 'decline' && declineFails) return fail(404, { code: 'NOT_FOUND', message: AS_MSG.invitationNotFound });
      rows = rows.filter((r) => r.idx !== idx);
      return json(params.action === 'accept' ? { idx, status: 'active', acceptedAt: '2026-11-21T01:00:00.000Z' } : { idx });
    }),
  );
  return sent;
}

const row = (brand: string) => screen.getByText(`${brand}의 수선 파트너 초대`).closest('li')!;

describe('PartnerInvitations', () => {
  it('lists each waiting invitation with its date and its decline and accept buttons', async () => {
    signIn(repairerAccount());
    invitationsApi([invitation({}), invitation({ idx: 8, brandName: '노르딕레더', createdAt: '2026-11-21T01:00:00.000Z' })]);
    renderWithAdmin(<PartnerInvitations type="repair" />);
    const section = await screen.findByRole('region', { name: '받은 파트너 초대' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    const first = within(section).getByText('데모브랜드의 수선 파트너 초대').closest('li')!;
    expect(within(first).getByText('2026-11-20')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '데모브랜드 초대 거절' })).toHaveTextContent('거절');
    expect(within(first).getByRole('button', { name: '데모브랜드 초대 수락' })).toHaveTextContent('수락');
  });

  it('renders nothing when no invitation waits', async () => {
    signIn(repairerAccount());
    const sent = invitationsApi([]);
    let asked = false;
    server.use(http.get(`${A}/invitation`, () => { asked = true; return json({ list: [] }); }));
    const { container } = renderWithAdmin(<PartnerInvitations type="repair" />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('region', { name: '받은 파트너 초대' })).not.toBeInTheDocument();
    expect(container.querySelector('li')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('declines only after the confirmation: cancelling sends nothing, confirming sends the decline and the invitation leaves', async () => {
    signIn(repairerAccount());
    const sent = invitationsApi([invitation({}), invitation({ idx: 8, brandName: '노르딕레더' })]);
    const { user } = renderWithAdmin(<PartnerInvitations type="repair" />);
    await screen.findByText('데모브랜드의 수선 파트너 초대');

    await user.click(within(row('데모브랜드')).getByRole('button', { name: '데모브랜드 초대 거절' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('데모브랜드의 초대를 거절할까요?')).toBeInTheDocument();
    expect(within(dialog).getByText('초대가 목록에서 사라져요. 브랜드는 나중에 다시 초대할 수 있어요.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(screen.getByText('데모브랜드의 수선 파트너 초대')).toBeInTheDocument();

    // By the keyboard this time: focus the button, Enter opens the dialog.
    within(row('데모브랜드')).getByRole('button', { name: '데모브랜드 초대 거절' }).focus();
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '거절' }));
    expect(await screen.findByText('초대를 거절했어요')).toBeInTheDocument();
    expect(sent).toEqual(['decline 7']);
    await waitFor(() => expect(screen.queryByText('데모브랜드의 수선 파트너 초대')).not.toBeInTheDocument());
    expect(screen.getByText('노르딕레더의 수선 파트너 초대')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the API\'s message when the decline is refused and keeps the invitation', async () => {
    signIn(repairerAccount());
    const sent = invitationsApi([invitation({})], { declineFails: true });
    const { user } = renderWithAdmin(<PartnerInvitations type="repair" />);
    await user.click(await screen.findByRole('button', { name: '데모브랜드 초대 거절' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '거절' }));
    expect(await screen.findByText(AS_MSG.invitationNotFound)).toBeInTheDocument();
    expect(sent).toEqual(['decline 7']);
    expect(screen.getByText('데모브랜드의 수선 파트너 초대')).toBeInTheDocument();
  });

  it('accepts with 수락, which still sends the accept', async () => {
    signIn(repairerAccount());
    const sent = invitationsApi([invitation({})]);
    const { user } = renderWithAdmin(<PartnerInvitations type="repair" />);
    await user.click(await screen.findByRole('button', { name: '데모브랜드 초대 수락' }));
    expect(await screen.findByText('초대를 수락했어요')).toBeInTheDocument();
    expect(sent).toEqual(['accept 7']);
    await waitFor(() => expect(screen.queryByText('데모브랜드의 수선 파트너 초대')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
