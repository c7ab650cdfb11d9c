import { changePasswordSchema, memberSchema } from '../../src/domain/validation/account';
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

  it('refuses prose for a field the schema does not have, so the two cannot drift', () => {
    expect(() => bodyFromYup(memberSchema, '하위 계정', { nickname: '별명' })).toThrow(/nickname/);
  });
});
