import { defineResource, field, type InputOf } from '../resource';
import { EXAM_KINDS, EXAM_MEMO_MAX, EXAM_MSG, EXAM_PHONE_MAX, EXAM_PHOTOS_MAX, EXAM_RESULTS, EXAM_TEXT_MAX, examRuleErrors, type ExamRuleValues } from '../exam';
import { seoulToday } from '../seoulDay';
import ko from '../../i18n/resources/exam.ko';

/** A one-line text of at most EXAM_TEXT_MAX characters (its `required` kept in the type, so the record's type says it). */
const text = <const O extends { required?: true; searchable?: boolean; column?: boolean; span?: 6 }>(o: O = {} as O) =>
  field.text({ max: EXAM_TEXT_MAX, ...o });

/** The inspection feature's rule: any b2b account with EXAM in use, sub-accounts included. */
export const EXAM_RULE = { feature: 'EXAM' } as const;

/**
 * Inspections (src/domain/exam.ts, docs/api/exam.md): the list at /b2b/exam (a row opens the detail
 * /b2b/exam/{idx}), the register page also at the spec's /b2b/inspection, edit to record the result.
 * The server checks the certificate and the photos against the tenant (server/modules/exams).
 */
export const examResource = defineResource({
  name: 'exam',
  base: 'main',
  apiPath: '/v1/admin/exam',
  idField: 'idx',
  route: '/b2b/exam',
  registerAliases: ['/b2b/inspection'],
  menu: { key: 'exam', section: 'product', after: 'laundryHistory' },
  views: [{ path: ':id', view: 'show' }],
  access: { read: EXAM_RULE, write: { ...EXAM_RULE, write: true } },
  fields: {
    idx: field.key(),
    result: field.select({ options: EXAM_RESULTS, invalid: EXAM_MSG.choiceInvalid, column: true, span: 6 }),
    examKind: field.select({ options: EXAM_KINDS, invalid: EXAM_MSG.choiceInvalid, column: true, span: 6 }),
    productName: text({ required: true, searchable: true, column: true }),
    nftIdx: field.reference({ picker: 'guarantee', required: EXAM_MSG.certificateInvalid, help: true, span: 6 }),
    customerName: text({ required: true, searchable: true, column: true, span: 6 }),
    customerPhone: field.text({ max: { length: EXAM_PHONE_MAX, message: EXAM_MSG.phoneInvalid }, searchable: true, span: 6 }),
    grade: text({ column: true, span: 6 }),
    inspector: text({ searchable: true, column: true, span: 6 }),
    inspectedOn: { ...field.date({ column: true }), span: 6 },
    photos: field.images({ max: EXAM_PHOTOS_MAX, maxPathLength: 500, invalid: EXAM_MSG.photosInvalid }),
    memo: field.text({ multiline: true, max: EXAM_MEMO_MAX }),
    createdAt: field.createdAt(),
  },
  list: {
    order: [{ field: 'createdAt', dir: 'desc' }, { field: 'idx', dir: 'desc' }],
    linkColumn: 'productName',
    columns: ['idx', 'result', 'examKind', 'productName', 'customerName', 'grade', 'inspector', 'inspectedOn', 'createdAt'],
  },
  rules: (values, context) =>
    examRuleErrors(values as ExamRuleValues, typeof context?.today === 'string' ? context.today : seoulToday(Date.now())),
  api: { notFound: EXAM_MSG.notFound },
  labels: ko.exam.fields,
});

export type ExamInput = InputOf<typeof examResource>;
