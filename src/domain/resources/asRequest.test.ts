import { AS_RULES, AS_TYPES } from '../afterService';
import { routeAccess } from '../menu';
import { ROUTES } from '../routes';
import { searchTypesOf } from '../resource';
import { fixedConsole, partnership } from '../testing/partnerships';
import { RESOURCES } from '../../dataProvider/resources';
import { AS_REQUEST_RESOURCES } from './asRequest';

const NOW = new Date('2025-06-15T03:00:00Z');

describe('repair and laundry requests (declared per kind)', () => {
  it.each(AS_TYPES)('%s: the history and detail routes are guarded by AS_RULES.history and read its dataProvider resource', (type) => {
    const def = AS_REQUEST_RESOURCES[type];
    expect(def.access.read).toEqual(AS_RULES.history(type));
    for (const path of [def.route, `${def.route}/:id`]) {
      const row = ROUTES.find((r) => r.path === path)!;
      expect(row.resource, path).toBe(def.name);
      expect(row.menu?.rule ?? row.rule, path).toEqual(AS_RULES.history(type));
    }
  });

  it.each(AS_TYPES)('%s: the endpoint sends the API’s search, keyword, from and to, and has no bulk delete', (type) => {
    const def = AS_REQUEST_RESOURCES[type];
    expect(RESOURCES[def.name]).toEqual({
      base: 'main', path: `/v1/admin/${type}`, idField: 'idx', menuPath: def.route,
      listParams: { searchType: 'search', searchText: 'keyword', startDate: 'from', endDate: 'to' },
    });
  });

  it('searches by the API’s search values, in its order', () => {
    for (const type of AS_TYPES) expect(searchTypesOf(AS_REQUEST_RESOURCES[type])).toEqual(['all', 'customerName', 'receiverPhone', 'productName', 'nftNumber']);
  });

  it('opens a repair detail to the repairer and a laundry detail to the launderer, not the other way round', () => {
    const repairer = partnership(fixedConsole('repairer'));
    const launderer = partnership(fixedConsole('launderer'));
    expect(routeAccess(repairer, '/b2b/after-service/repair/5', NOW)).toBe('ok');
    expect(routeAccess(repairer, '/b2b/after-service/laundry/5', NOW)).not.toBe('ok');
    expect(routeAccess(launderer, '/b2b/after-service/laundry/5', NOW)).toBe('ok');
    expect(routeAccess(launderer, '/b2b/after-service/repair/5', NOW)).not.toBe('ok');
  });
});
