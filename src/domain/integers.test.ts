import { convertSchema } from '@sodaru/yup-to-json-schema';
import { COLUMN_RANGE, IDX_MAX, columnIntSchema, idxSchema, isIdx } from './integers';

describe('integer column bounds', () => {
  it('a key is 1..IDX_MAX (the integer column), anything else the field\'s one message', async () => {
    const s = idxSchema('매장을 다시 선택해 주세요').required('매장을 다시 선택해 주세요');
    for (const ok of [1, IDX_MAX]) await expect(s.validate(ok)).resolves.toBe(ok);
    for (const bad of [0, -1, IDX_MAX + 1, 3_000_000_000, 1.5, 'x', null]) await expect(s.validate(bad)).rejects.toThrow('매장을 다시 선택해 주세요');
    expect([1, IDX_MAX].every(isIdx)).toBe(true);
    expect([0, IDX_MAX + 1, 1.5, '1', null].some(isIdx)).toBe(false);
  });

  it('a column\'s range caps any looser bounds of the rule', async () => {
    const s = columnIntSchema('smallint', '범위', { min: -1e9, max: 1e9 });
    await expect(s.validate(COLUMN_RANGE.smallint.max)).resolves.toBe(32_767);
    await expect(s.validate(COLUMN_RANGE.smallint.max + 1)).rejects.toThrow('범위');
    await expect(columnIntSchema('bigint', '범위', { min: 1 }).validate(0)).rejects.toThrow('범위');
  });

  it('the bounds reach the JSON Schema, so OpenAPI shows them', () => {
    expect(convertSchema(idxSchema('x'))).toMatchObject({ type: 'integer', minimum: 1, maximum: IDX_MAX });
  });
});
