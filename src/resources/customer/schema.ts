import { DEFAULT_COUNTRY_CODE } from '../../domain/guarantee';
import { toYmd8 } from '../../domain/customer';
import type { CustomerBody } from './api';

/**
 * The console side of the customer form: the rules themselves are the domain's
 * (src/domain/customer.ts customerFormSchema, customerDownloadSchema), shared with the server.
 */
export { customerFormSchema as customerSchema, customerDownloadSchema as downloadSchema, CUSTOMER_NAME_MAX, DOWNLOAD_REASON_MAX } from '../../domain/customer';

export interface CustomerFormValues {
  customerName?: string;
  customerPhone?: string;
  countryCode?: string;
  userGender?: string;
  birthday?: string | null;
  email?: string | null;
  isAgreeMarketing?: string | boolean;
  isAgreeSMS?: string | boolean;
  isAgreeEmail?: string | boolean;
}

const yn = (v: unknown): 'Y' | 'N' => (v === true || v === 'Y' ? 'Y' : 'N');

/** Form values → the POST/PATCH body: trimmed, the birthday as 8 digits, empty texts as null. */
export function customerBody(values: CustomerFormValues): CustomerBody {
  const t = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    customerName: t(values.customerName),
    customerPhone: t(values.customerPhone),
    countryCode: t(values.countryCode) || DEFAULT_COUNTRY_CODE,
    userGender: values.userGender === 'M' || values.userGender === 'F' ? values.userGender : null,
    birthday: toYmd8(t(values.birthday)),
    email: t(values.email) || null,
    isAgreeMarketing: yn(values.isAgreeMarketing),
    isAgreeSMS: yn(values.isAgreeSMS),
    isAgreeEmail: yn(values.isAgreeEmail),
  };
}
