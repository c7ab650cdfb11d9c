import { storeResource } from '../../src/domain/resources/store';
import { defineResource, field } from '../../src/domain/resource';
import { products, stores } from '../db/schema';
import { resourceRoutes } from './resourceRoutes';

/**
 * The typed check that a plain resource's table matches its fields: these lines are compiled by
 * `npm run typecheck`, where a mismatch that compiles makes the `@ts-expect-error` itself an error.
 */
describe('resourceRoutes', () => {
  it('accepts the stores table for the store definition and mounts it under the main API base', () => {
    expect(resourceRoutes(storeResource, stores).prefix).toBe('/api');
  });

  it('refuses, at compile time, a table without one of the fields or with another type', () => {
    const withExtraField = defineResource({ ...storeResource, fields: { ...storeResource.fields, memo: field.text() } });
    const nameAsFlag = defineResource({ ...storeResource, fields: { ...storeResource.fields, name: field.flag({ invalid: 'Y/N', default: 'N' }) } });
    // @ts-expect-error the stores table has no `memo` column
    expect(() => resourceRoutes(withExtraField, stores)).not.toThrow();
    // @ts-expect-error `name` holds any text, not only 'Y' | 'N'
    expect(() => resourceRoutes(nameAsFlag, stores)).not.toThrow();
    // @ts-expect-error the products table is not a store table (no `pinned`, no `tag`)
    expect(() => resourceRoutes(storeResource, products)).not.toThrow();
  });
});
