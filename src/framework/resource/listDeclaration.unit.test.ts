import { describe, expect, it } from 'vitest';
import { defineResource, field } from '../../domain/resource';
import { FIELD_MSG } from '../../domain/messages';
import { exampleResource } from '../../domain/testing/exampleResource';
import { searchDeclarationOf } from './listDeclaration';

const withFilters = defineResource({
  ...exampleResource,
  fields: { ...exampleResource.fields, kind: field.select({ options: { 1: '직영', 2: '가맹' }, invalid: FIELD_MSG.valueInvalid }) },
  list: { ...exampleResource.list, filters: ['pinned', 'kind'] },
});

describe("a resource's declared filters on its list page", () => {
  it('shows a flag as 전체/예/아니요 and a select as checkboxes of its codes', () => {
    expect(searchDeclarationOf(withFilters).filters).toEqual([
      { type: 'radio', source: 'pinned', label: 'example.fields.pinned', options: [{ value: 'Y', label: 'ra.boolean.true' }, { value: 'N', label: 'ra.boolean.false' }] },
      { type: 'checkbox', source: 'kind', label: 'example.fields.kind', options: [{ value: '1', label: '직영' }, { value: '2', label: '가맹' }] },
    ]);
  });

  it('does not type-check a filter on a kind a list cannot filter by', () => {
    const declared = defineResource({
      ...exampleResource,
      // @ts-expect-error a text field is not a filter (a select, a flag or a reference is)
      list: { ...exampleResource.list, filters: ['name'] },
    });
    expect(declared.list.filters).toEqual(['name']);
  });
});
