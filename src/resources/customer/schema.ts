import { bodyOf } from '../../domain/resource';
import { customerResource } from '../../domain/resources/customer';

/**
 * The console side of the customer form: the rules themselves are the domain's (the customer
 * definition's customerFormSchema, src/domain/customer.ts customerDownloadSchema), shared with the server.
 */
export { customerFormSchema as customerSchema } from '../../domain/resources/customer';
export { customerDownloadSchema as downloadSchema, DOWNLOAD_REASON_MAX } from '../../domain/customer';

export interface CustomerFormValues {
  customerName?: string;
  customerPhone?: string;
  countryCode?: string;
  userGender?: string;
  birthday?: string | null;
  email?: string | null;
  isAgreeMarketing?: string;
  isAgreeSMS?: string;
  isAgreeEmail?: string;
}

/** Form values → the POST/PATCH body (the definition's bodyOf): trimmed, the birthday as 8 digits, empty texts as null. */
export const customerBody = (values: CustomerFormValues) => bodyOf(customerResource, { ...values });
