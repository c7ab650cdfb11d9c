import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount, subAccount } from '../../testing/fixtures';
import { recordOf } from '../../testing/resourceRecords';
import { MSG } from '../../domain/messages';
import type { Resource } from '../../domain/resource';
import { storeResource } from '../../domain/resources/store';
import { ResourceList } from './ResourceList';

setupMsw();

const STORES = '/api/v1/admin/store';
/** The stores as a resource whose writes are for main accounts only (issue 22 A3's trial resource). */
const mainOnlyStores: Resource = { ...storeResource, access: { ...storeResource.access, write: { ...storeResource.access.write, mainOnly: true } } };

function renderList(def = mainOnlyStores) {
  const rows = [recordOf(storeResource, { idx: 1, name: '성수점', createdAt: '2026-11-01T03:00:00.000Z' })];
  server.use(http.get(STORES, () => json({ list: rows, total: rows.length })));
  return renderAppAt('/b2b/store', <Routes><Route path="/b2b/store" element={<ResourceList def={def} />} /></Routes>);
}

describe('ResourceList and the write rule', () => {
  it('shows a sub-account the rows without 등록 or the row delete of a main-only resource', async () => {
    signIn(subAccount());
    renderList();
    expect(await screen.findByText('성수점')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '매장 등록' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '성수점 삭제' })).not.toBeInTheDocument();
  });

  it('shows a sub-account both where the write rule lets sub-accounts in (the stores themselves)', async () => {
    signIn(subAccount());
    renderList(storeResource);
    expect(await screen.findByRole('link', { name: '매장 등록' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '성수점 삭제' })).toBeInTheDocument();
  });

  it('shows a main account both, and a delete the server refuses says why in a toast, not the generic error', async () => {
    signIn(brandAccount());
    server.use(http.delete(`${STORES}/:idx`, () => fail(403, { code: 'SUB_ACCOUNT_FORBIDDEN', message: MSG.accessDenied })));
    const { user } = renderList();
    expect(await screen.findByRole('link', { name: '매장 등록' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '성수점 삭제' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText(MSG.subAccountRefused)).toBeInTheDocument();
    expect(screen.queryByText('일시적인 오류가 발생했어요')).not.toBeInTheDocument();
  });
});
