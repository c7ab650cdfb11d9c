import { QueryClient } from '@tanstack/react-query';
import { createMutationCache } from './queryClient';

/** Runs a mutation the way react-admin's useDelete/useDeleteMany do: their key, their variables. */
async function runMutation(client: QueryClient, kind: string, variables: object) {
  const mutation = client.getMutationCache().build(client, { mutationKey: ['product', kind, {}], mutationFn: async () => ({ data: {} }) });
  await mutation.execute(variables);
}

describe('the mutation cache', () => {
  const detail = (id: string) => ['product', 'getOne', { id }];
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ mutationCache: createMutationCache(() => client) });
    for (const id of ['7', '8', '9']) client.setQueryData(detail(id), { id, name: `상품 ${id}` });
  });

  it('drops the detail of a deleted record, and of each record of a bulk delete', async () => {
    await runMutation(client, 'delete', { resource: 'product', id: 7 });
    expect(client.getQueryData(detail('7'))).toBeUndefined();
    await runMutation(client, 'deleteMany', { resource: 'product', ids: [8] });
    expect(client.getQueryData(detail('8'))).toBeUndefined();
    expect(client.getQueryData(detail('9'))).toEqual({ id: '9', name: '상품 9' });
  });

  it('keeps the detail after an update', async () => {
    await runMutation(client, 'update', { resource: 'product', id: 9, data: {} });
    expect(client.getQueryData(detail('9'))).toEqual({ id: '9', name: '상품 9' });
  });
});
