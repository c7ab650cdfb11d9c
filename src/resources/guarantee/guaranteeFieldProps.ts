/** Props the certificate form's inputs share. */
export const F = (field: string) => `guarantee.fields.${field}`;
export const SELECT_SX = { mt: 0, mb: 0 } as const;
/** An optional select's "none" is sent as null (react-admin's SelectInput gives ''). */
export const emptyToNull = (v: unknown) => (v === '' ? null : v);
