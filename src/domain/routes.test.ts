import { ROUTES } from './routes';
import { RESOURCES } from '../dataProvider/resources';

describe('the route table', () => {
  it('lists every path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('guards every admin path by a rule of its own or its menu item\'s, except the ones that only send home', () => {
    const unguarded = ROUTES.filter((r) => r.app === 'admin' && !r.home && !r.rule && !r.menu?.rule);
    expect(unguarded.map((r) => r.path)).toEqual([]);
  });

  it('gives pages only the resource names of the dataProvider, one per resource', () => {
    const named = [...new Set(ROUTES.flatMap((r) => (r.resource ? [r.resource] : [])))];
    for (const name of named) expect(RESOURCES, name).toHaveProperty([name]);
    expect(named).toEqual(expect.arrayContaining(['guarantee', 'customer', 'store']));
  });

  it('serves the light app\'s pages outside the menu and without rules (they are for visitors)', () => {
    for (const row of ROUTES.filter((r) => r.app !== 'admin')) {
      expect(row.menu, row.path).toBeUndefined();
      expect(row.rule, row.path).toBeUndefined();
      expect(row.page, row.path).toBeDefined();
    }
  });
});
