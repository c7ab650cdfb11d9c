import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { ApiRequestError, apiRequest, requestEarly } from '../providers/http';
import { MSG } from '../domain/messages';
import { endpointOf, type ResourceEndpoint } from './resources';
import { presentError, toHttpError, toReadError } from './errors';

type Row = Record<string, unknown>;
type ListEnvelope = { list: Row[]; total?: number } | Row[] | null;

/** Gives every record the `id` react-admin needs, from the resource's key field. */
export function withId(endpoint: ResourceEndpoint, row: Row | null): RaRecord {
  if (row === null || row === undefined) return { id: endpoint.path } as RaRecord;
  const key = endpoint.idField ? row[endpoint.idField] : undefined;
  return { ...row, id: (row.id as RaRecord['id']) ?? (key as RaRecord['id']) ?? (endpoint.singleton ? endpoint.path : '') } as RaRecord;
}

/** `{ list, total }` (or a bare array) → react-admin's `{ data, total }`. */
export function fromListEnvelope(endpoint: ResourceEndpoint, envelope: ListEnvelope): { data: RaRecord[]; total: number } {
  const list = Array.isArray(envelope) ? envelope : (envelope?.list ?? []);
  const total = Array.isArray(envelope) ? list.length : (envelope?.total ?? list.length);
  return { data: list.map((row) => withId(endpoint, row)), total };
}

/**
 * The list query of the partner API: page, pageSize, sort=field,DIR (or the endpoint's `sortParams`)
 * and the filters (renamed by the endpoint's `listParams`).
 */
export function listQuery(
  params: Partial<GetListParams>,
  { listParams: names = {}, sortParams }: Pick<ResourceEndpoint, 'listParams' | 'sortParams'> = {},
): Record<string, string | number | boolean | undefined> {
  const query: Record<string, string | number | boolean | undefined> = {};
  if (params.pagination) {
    query.page = params.pagination.page;
    query.pageSize = params.pagination.perPage;
  }
  if (params.sort?.field && sortParams) {
    query[sortParams.field] = params.sort.field;
    query[sortParams.order] = params.sort.order;
  } else if (params.sort?.field) query.sort = `${params.sort.field},${params.sort.order}`;
  for (const [k, v] of Object.entries(params.filter ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    query[names[k] ?? k] = Array.isArray(v) ? v.join(',') : (v as string | number | boolean);
  }
  return query;
}

/**
 * Starts the GET that `getList(resource, params)` will make, so its answer is on the way before the
 * list's query runs (useSchemaListController); returns its URL for dropEarly, or null without a session.
 */
export function requestListEarly(resource: string, params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>): string | null {
  let ep: ResourceEndpoint;
  try {
    ep = endpointOf(resource);
  } catch {
    return null; // an unknown resource is the list query's error to show, not the page's render to break
  }
  return requestEarly(ep.path, ep.base, listQuery(params, ep));
}

function recordPath(endpoint: ResourceEndpoint, id: RaRecord['id'] | undefined): string {
  return endpoint.singleton || id === undefined || id === null || id === '' ? endpoint.path : `${endpoint.path}/${encodeURIComponent(String(id))}`;
}

/** The body sent on create/update: the form values without react-admin's own `id`. */
function bodyOf(endpoint: ResourceEndpoint, data: Partial<RaRecord>): Row {
  const { id: _id, ...rest } = data as Row;
  void _id;
  if (endpoint.idField) delete rest[endpoint.idField];
  return rest;
}

/** The record key as the API wants it in a body: a numeric id from the URL as a number. */
const keyValue = (id: RaRecord['id']) => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id);

/** The endpoint's `oneFromList`: the records of the unpaged list whose key is among `ids`. */
async function rowsFromList(ep: ResourceEndpoint & { oneFromList: string }, ids: RaRecord['id'][], signal?: AbortSignal): Promise<Row[]> {
  const envelope = await apiRequest<ListEnvelope>(ep.oneFromList, { base: ep.base, signal });
  const wanted = new Set(ids.map((id) => String(id)));
  return fromListEnvelope(ep, envelope).data.filter((r) => wanted.has(String(r.id)));
}

/** PATCH/PUT target and body of an update: `<path>/{id}`, or `<path>` with the key in the body (`updateIdInBody`). */
function updateRequest(ep: ResourceEndpoint, id: RaRecord['id'], data: Partial<RaRecord>): { path: string; body: Row } {
  if (!ep.updateIdInBody) return { path: recordPath(ep, id), body: bodyOf(ep, data) };
  return { path: ep.path, body: { ...bodyOf(ep, data), [ep.idField ?? 'id']: keyValue(id) } };
}

/** A write: its failure is presented here (spec 1 section 8) and thrown as an HttpError. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    presentError(err);
    throw toHttpError(err);
  }
}

/**
 * A read: its failure is thrown unpresented, for the query cache to present once (or the page, e.g.
 * a detail page's 404 is its not-found dialog), so reads need no `meta` flag that would split the cache key.
 */
async function read<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toReadError(err);
  }
}

export const dataProvider: DataProvider = {
  getList: (resource, params) =>
    read(async () => {
      const ep = endpointOf(resource);
      const envelope = await apiRequest<ListEnvelope>(ep.path, { base: ep.base, query: listQuery(params, ep), signal: params.signal });
      return fromListEnvelope(ep, envelope) as never;
    }),

  getOne: (resource, params) =>
    read(async () => {
      const ep = endpointOf(resource);
      if (ep.oneFromList) {
        const [found] = await rowsFromList({ ...ep, oneFromList: ep.oneFromList }, [params.id], params.signal);
        if (!found) throw new ApiRequestError(404, { code: 'NOT_FOUND', message: MSG.notFound });
        return { data: found } as never;
      }
      const row = await apiRequest<Row | null>(recordPath(ep, params.id), { base: ep.base, signal: params.signal });
      return { data: withId(ep, row) } as never;
    }),

  getMany: (resource, params) =>
    read(async () => {
      const ep = endpointOf(resource);
      if (ep.oneFromList) return { data: await rowsFromList({ ...ep, oneFromList: ep.oneFromList }, params.ids, params.signal) } as never;
      const rows = await Promise.all(params.ids.map((id) => apiRequest<Row>(recordPath(ep, id), { base: ep.base, signal: params.signal })));
      return { data: rows.map((r) => withId(ep, r)) } as never;
    }),

  getManyReference: (resource, params) =>
    read(async () => {
      const ep = endpointOf(resource);
      const query = listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
      const envelope = await apiRequest<ListEnvelope>(ep.path, { base: ep.base, query, signal: params.signal });
      return fromListEnvelope(ep, envelope) as never;
    }),

  create: (resource, params) =>
    call(async () => {
      const ep = endpointOf(resource);
      const row = await apiRequest<Row>(ep.path, { base: ep.base, method: 'POST', body: bodyOf(ep, params.data) });
      return { data: withId(ep, row) } as never;
    }),

  update: (resource, params) =>
    call(async () => {
      const ep = endpointOf(resource);
      const { path, body } = updateRequest(ep, params.id, params.data);
      const row = await apiRequest<Row>(path, { base: ep.base, method: ep.updateMethod ?? 'PATCH', body });
      return { data: withId(ep, row ?? { ...params.previousData, ...params.data }) } as never;
    }),

  updateMany: (resource, params) =>
    call(async () => {
      const ep = endpointOf(resource);
      await Promise.all(
        params.ids.map((id) => {
          const { path, body } = ep.updateIdInBody ? updateRequest(ep, id, params.data) : { path: recordPath(ep, id), body: params.data as Row };
          return apiRequest(path, { base: ep.base, method: ep.updateMethod ?? 'PATCH', body });
        }),
      );
      return { data: params.ids } as never;
    }),

  delete: (resource, params) =>
    call(async () => {
      const ep = endpointOf(resource);
      const row = await apiRequest<Row | null>(recordPath(ep, params.id), { base: ep.base, method: 'DELETE' });
      return { data: withId(ep, row ?? (params.previousData as Row) ?? { id: params.id }) } as never;
    }),

  deleteMany: (resource, params) =>
    call(async () => {
      const ep = endpointOf(resource);
      if (ep.bulkDelete) {
        await apiRequest(ep.bulkDelete.path, { base: ep.base, method: 'DELETE', body: { [ep.bulkDelete.bodyKey]: params.ids } });
        return { data: params.ids } as never;
      }
      await Promise.all(params.ids.map((id) => apiRequest(recordPath(ep, id), { base: ep.base, method: 'DELETE' })));
      return { data: params.ids } as never;
    }),
};

export { RESOURCES, endpointOf, menuPathOfResource } from './resources';
