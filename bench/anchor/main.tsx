/**
 * The anchor of the first-load benchmark: the least a react-admin app does to list the guarantees of
 * our API (react-admin's own <Admin> and ListGuesser, the same packages as the console), so the
 * console's figures read as a ratio to what the framework itself costs.
 */
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type DataProvider } from 'react-admin';

const headers = () => ({ authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` });

const dataProvider = {
  async getList(_resource, { pagination }) {
    const res = await fetch(`/api/v1/admin/nft?page=${pagination?.page ?? 1}&pageSize=${pagination?.perPage ?? 10}`, { headers: headers() });
    const { data } = (await res.json()) as { data: { list: Record<string, unknown>[]; total: number } };
    return { data: data.list.map((row, i) => ({ ...row, id: (row.idx ?? i) as number })), total: data.total };
  },
} as DataProvider;

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="guarantee" list={ListGuesser} />
  </Admin>,
);
