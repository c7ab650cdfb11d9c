import { HttpError } from 'react-admin';
import { fromListEnvelope, listQuery, withId } from './index';
import { nestFieldErrors, presentError, presentReadError, toHttpError, toReadError } from './errors';
import { RESOURCES, endpointOf, menuPathOfResource } from './resources';
import { ApiRequestError } from '../providers/http';
import { onAppEvent, type AppEvent } from '../framework/events';

describe('envelope mapping', () => {
  const members = endpointOf('members');

  it('maps { list, total } to { data, total } with ids from the key field', () => {
    const out = fromListEnvelope(members, { list: [{ idx: 7, email: 'a@b.co' }, { idx: 8, email: 'c@d.co' }], total: 42 });
    expect(out).toEqual({ data: [{ id: 7, idx: 7, email: 'a@b.co' }, { id: 8, idx: 8, email: 'c@d.co' }], total: 42 });
  });

  it('counts the list when total is missing, and accepts a bare array', () => {
    expect(fromListEnvelope(endpointOf('plans'), { list: [{ planId: 'P1' }] })).toEqual({ data: [{ id: 'P1', planId: 'P1' }], total: 1 });
    expect(fromListEnvelope(members, [{ idx: 1 }]).total).toBe(1);
    expect(fromListEnvelope(members, null)).toEqual({ data: [], total: 0 });
  });

  it('gives singletons a stable id', () => {
    expect(withId(endpointOf('service-terms'), { settlement: {} }).id).toBe('/v1/admin/partnerships/service-terms');
    expect(withId(endpointOf('brand'), { idx: 3, name: 'x' }).id).toBe(3);
  });

  it('builds the list query: page, pageSize, sort=field,DIR and non-empty filters', () => {
    expect(
      listQuery({ pagination: { page: 2, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { q: 'kim', grade: ['A', 'B'], empty: '' } }),
    ).toEqual({ page: 2, pageSize: 25, sort: 'createdAt,DESC', q: 'kim', grade: 'A,B' });
  });

  it('renames filters and splits the sort as the endpoint says (listParams, sortParams)', () => {
    const endpoint = { listParams: { searchText: 'keyword' }, sortParams: { field: 'orderBy', order: 'orderDirection' } };
    expect(listQuery({ sort: { field: 'name', order: 'ASC' }, filter: { searchText: 'a,b' } }, endpoint)).toEqual({ orderBy: 'name', orderDirection: 'ASC', keyword: 'a,b' });
  });

  it('maps each resource to its base, path and guarding menu route', () => {
    expect(RESOURCES.plans).toMatchObject({ base: 'payment', path: '/v2/plan' });
    expect(menuPathOfResource('members')).toBe('/setting/brand');
    // Customers' entry comes from their declaration: the spec's sort names, no bulk delete (the API has none).
    expect(RESOURCES.customer).toEqual({
      base: 'main', path: '/v1/admin/customers', idField: 'customerIdx', menuPath: '/b2b/customer', sortParams: { field: 'orderBy', order: 'orderDirection' },
    });
    expect(() => endpointOf('nope')).toThrow();
  });
});

describe('error mapping', () => {
  let events: AppEvent[];
  let off: () => void;
  beforeEach(() => {
    events = [];
    off = onAppEvent((e) => events.push(e));
  });
  afterEach(() => off());

  it('nests dotted field errors like the form', () => {
    expect(nestFieldErrors({ 'privacyOfficer.email': 'bad', phoneNum: 'short' })).toEqual({ privacyOfficer: { email: 'bad' }, phoneNum: 'short' });
    expect(nestFieldErrors({ 'nftCustomLinks[0].url': 'bad', 'rows.2.name': 'missing' })).toEqual({ nftCustomLinks: { 0: { url: 'bad' } }, rows: { 2: { name: 'missing' } } });
    expect(nestFieldErrors({})).toBeUndefined();
  });

  it('turns an API error into a react-admin HttpError carrying the envelope', () => {
    const err = toHttpError(new ApiRequestError(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { phoneNum: '휴대폰 번호 형식이 올바르지 않아요' } }));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, message: '입력값을 확인해 주세요', body: { code: 'VALIDATION_FAILED', errors: { phoneNum: '휴대폰 번호 형식이 올바르지 않아요' } } });
  });

  it('FEATURE_DISABLED becomes the toast, subscription refusals the modals', () => {
    expect(presentError(new ApiRequestError(403, { code: 'FEATURE_DISABLED', message: 'x' }))).toBe('toast');
    expect(presentError(new ApiRequestError(403, { code: 'TRIAL_FINISHED', message: 'x' }))).toBe('modal');
    expect(presentError(new ApiRequestError(403, { code: 'SUBSCRIPTION_REQUIRED', message: 'x' }))).toBe('modal');
    expect(presentError(new ApiRequestError(403, { code: 'PLAN_UPGRADE_REQUIRED', message: 'x' }))).toBe('modal');
    expect(events).toEqual([
      { type: 'accessDenied', view: 'toast' },
      { type: 'accessDenied', view: 'trialFinishedModal' },
      { type: 'accessDenied', view: 'noSubscriptionModal' },
      { type: 'accessDenied', view: 'upgradeModal' },
    ]);
  });

  it('a refusal of the account (sub-account, another kind of account) becomes the toast that says why', () => {
    expect(presentError(new ApiRequestError(403, { code: 'SUB_ACCOUNT_FORBIDDEN', message: 'x' }))).toBe('toast');
    expect(presentError(new ApiRequestError(403, { code: 'FORBIDDEN_ROLE', message: 'x' }))).toBe('toast');
    expect(events).toEqual([{ type: 'refused', code: 'SUB_ACCOUNT_FORBIDDEN' }, { type: 'refused', code: 'FORBIDDEN_ROLE' }]);
  });

  it('field errors stay on the form, 401 is left to the authProvider', () => {
    expect(presentError(new ApiRequestError(409, { code: 'DUPLICATE_EMAIL', message: 'dup', errors: { email: 'dup' } }))).toBe('fields');
    expect(presentError(new ApiRequestError(401, { code: 'UNAUTHORIZED', message: 'x' }))).toBe('none');
    expect(events).toEqual([]);
  });

  it('other failures open the generic dialog with the server title and message (defaults for 5xx)', () => {
    expect(presentError(new ApiRequestError(404, { code: 'NOT_FOUND', title: '없음', message: '요청한 정보를 찾을 수 없어요' }))).toBe('dialog');
    presentError(new ApiRequestError(500, { code: 'INTERNAL_ERROR', message: 'stack trace' }));
    presentError(new TypeError('boom'));
    expect(events).toEqual([
      { type: 'error', title: '없음', message: '요청한 정보를 찾을 수 없어요' },
      { type: 'error', title: undefined, message: undefined },
      { type: 'error' },
    ]);
  });

  it('a read failure is presented once, when its presenter asks; other errors are left alone', () => {
    const err = toReadError(new ApiRequestError(500, { code: 'INTERNAL_ERROR', message: 'db down' }));
    expect(err).toBeInstanceOf(HttpError);
    expect(events).toEqual([]);
    expect(presentReadError(err)).toBe('dialog');
    expect(presentReadError(err)).toBe('none');
    expect(presentReadError(toHttpError(new ApiRequestError(500, { code: 'INTERNAL_ERROR', message: 'x' })))).toBe('none');
    expect(events).toEqual([{ type: 'error', title: undefined, message: undefined }]);
  });
});
