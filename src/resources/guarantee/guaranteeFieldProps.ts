import { fieldLabel } from '../../domain/resource';
import { guaranteeResource } from '../../domain/resources/guarantee';

/** Props the certificate form's inputs share. */
export const F = (source: string) => fieldLabel(guaranteeResource, source);
/** The definition's fields: the inputs take their limits from them. */
export const FIELDS = guaranteeResource.fields;
export const SELECT_SX = { mt: 0, mb: 0 } as const;
/** An optional select's "none" is sent as null (react-admin's SelectInput gives ''). */
export const emptyToNull = (v: unknown) => (v === '' ? null : v);
