import { bodyOf, formValueOf, yupSchemaOf } from './resource';
import { examResource } from './resources/exam';
import { EXAM_FAILED, EXAM_MSG, EXAM_PASSED, EXAM_PENDING, examRuleErrors } from './exam';

const valid = { productName: '토트백', customerName: '김검수', examKind: 1, result: EXAM_PENDING };
const errorsOf = async (values: Record<string, unknown>, today = '2026-11-24') => {
  try {
    await yupSchemaOf(examResource).validate(values, { abortEarly: false, context: { today } });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]));
  }
};

describe('inspection rules', () => {
  it('needs a kind and a result, and the day of a decided result, never after today', () => {
    const today = '2026-11-24';
    expect(examRuleErrors({ examKind: 1, result: EXAM_PENDING }, today)).toEqual({});
    expect(examRuleErrors({}, today)).toEqual({ examKind: EXAM_MSG.kindRequired, result: EXAM_MSG.resultRequired });
    for (const result of [EXAM_PASSED, EXAM_FAILED]) {
      expect(examRuleErrors({ examKind: 1, result }, today)).toEqual({ inspectedOn: EXAM_MSG.inspectedOnRequired });
      expect(examRuleErrors({ examKind: 1, result, inspectedOn: today }, today)).toEqual({});
    }
    expect(examRuleErrors({ examKind: 1, result: EXAM_PASSED, inspectedOn: '2026-11-25' }, today)).toEqual({ inspectedOn: EXAM_MSG.inspectedOnFuture });
    expect(examRuleErrors({ examKind: 1, result: EXAM_PENDING, customerPhone: '010 1234' }, today)).toEqual({ customerPhone: EXAM_MSG.phoneInvalid });
    expect(examRuleErrors({ examKind: 1, result: EXAM_PENDING, customerPhone: '(02)123-4567' }, today)).toEqual({});
  });

  it('keeps at most six photos as upload paths: the form holds the paths of the answered { path, url }', async () => {
    expect(await errorsOf({ ...valid, photos: ['1/a.png', '1/b.png'] })).toEqual({});
    expect(await errorsOf({ ...valid, photos: Array.from({ length: 7 }, (_, i) => `1/${i}.png`) })).toEqual({ photos: EXAM_MSG.photosInvalid });
    expect(formValueOf(examResource.fields.photos, [{ path: '1/a.png', url: '/media/1/a.png' }])).toEqual(['1/a.png']);
    expect(formValueOf(examResource.fields.photos, undefined)).toEqual([]);
    expect(bodyOf(examResource, { ...valid, photos: ['1/a.png'] })).toMatchObject({ photos: ['1/a.png'], nftIdx: null, inspectedOn: null });
  });
});
