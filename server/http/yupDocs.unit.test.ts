import * as yup from 'yup';
import { changePasswordSchema, memberSchema } from '../../src/domain/validation/account';
import { IDX_MAX, idxSchema } from '../../src/domain/integers';
import { bodyFromYup } from './yupDocs';

describe('bodyFromYup', () => {
  it('documents the fields, types, required list and limits of the domain schema, with the given prose', () => {
    const doc = bodyFromYup(memberSchema, '하위 계정', { email: '이메일' }) as { type: string; description: string; required: string[]; properties: Record<string, Record<string, unknown>> };
    expect(doc.type).toBe('object');
    expect(doc.description).toBe('하위 계정');
    expect(Object.keys(doc.properties)).toEqual(Object.keys(memberSchema.fields));
    expect(doc.required).toEqual(['email', 'password', 'companyName', 'phoneNum']);
    expect(doc.properties.email).toMatchObject({ type: 'string', maxLength: 254, description: '이메일' });
  });

  it('leaves out an enum of references (passwordConfirm must equal password), which is no JSON value', () => {
    const doc = bodyFromYup(changePasswordSchema, '비밀번호') as { properties: Record<string, Record<string, unknown>> };
    expect(doc.properties.passwordConfirm).toEqual({ type: 'string' });
  });

  it('writes OpenAPI 3.0: bounds as minimum/maximum (a key\'s are its column\'s), an exclusive bound as the 3.0 flag, no empty type list', () => {
    const doc = bodyFromYup(yup.object({ storeIdx: idxSchema('매장'), rate: yup.number().positive(), any: yup.mixed() }), '본문') as { properties: Record<string, Record<string, unknown>> };
    expect(doc.properties.storeIdx).toMatchObject({ type: 'integer', minimum: 1, maximum: IDX_MAX });
    expect(doc.properties.rate).toMatchObject({ minimum: 0, exclusiveMinimum: true });
    expect(doc.properties.any).not.toHaveProperty('type');
  });

  it('refuses prose for a field the schema does not have, so the two cannot drift', () => {
    expect(() => bodyFromYup(memberSchema, '하위 계정', { nickname: '별명' })).toThrow(/nickname/);
  });
});
