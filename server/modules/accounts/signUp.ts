import type { FastifyInstance } from 'fastify';
import type { StringSchema } from 'yup';
import { signUpSchema } from '../../../src/domain/validation/account';
import { digitsOnly } from '../../../src/domain/patterns';
import { FIELD_MSG } from '../../../src/domain/messages';
import { trialEndFor } from '../../../src/domain/plans';
import { conflict, isUniqueViolation } from '../../http/errors';
import type { Checked } from '../../http/routeInput';
import { hashPassword } from './passwords';
import { findAccountByEmail, insertMainAccount, isBusinessNumTaken } from './repository';
import { createSession, type IssuedSession } from './sessions';
import { DEFAULT_FEATURES, setUpBrandTenant } from './tenant';
import { sendConfirmMail } from './mails';

/** The sign-up form's schema as the API receives it: the form's companyName travels as brandName, so field errors are keyed as sent. */
export const signUpBodySchema = signUpSchema.omit(['companyName']).shape({ brandName: signUpSchema.fields.companyName as StringSchema<string> });
export type SignUpBody = Checked<typeof signUpBodySchema>;

async function refuseDuplicates(app: FastifyInstance, email: string, businessNum: string): Promise<void> {
  const existing = await findAccountByEmail(app.db, email);
  if (existing) {
    throw conflict('DUPLICATE_EMAIL', 'email', existing.emailConfirmedAt ? FIELD_MSG.emailDuplicate : FIELD_MSG.emailUnconfirmed);
  }
  if (await isBusinessNumTaken(app.db, businessNum)) throw conflict('DUPLICATE_BUSINESS_NO', 'businessNum', FIELD_MSG.businessNumDuplicate);
}

/**
 * Creates a brand with its 14-day PRO trial in one transaction, then mails the verification link.
 * The returned session works only on routes that allow unconfirmed accounts (the consents).
 */
export async function signUp(app: FastifyInstance, form: SignUpBody): Promise<IssuedSession> {
  const email = form.email.trim();
  const businessNum = digitsOnly(form.businessNum);
  await refuseDuplicates(app, email, businessNum);
  const passwordHash = await hashPassword(form.password);
  const now = app.clock.now();
  try {
    const { account, session } = await app.db.transaction(async (tx) => {
      const account = await insertMainAccount(tx, {
        adminType: 'b2b',
        b2bType: 'brand',
        email,
        passwordHash,
        companyName: form.brandName.trim(),
        phoneNum: digitsOnly(form.phoneNum),
        businessNum,
        createdAt: now,
        updatedAt: now,
      });
      await setUpBrandTenant(tx, {
        tenantIdx: account.idx,
        brandName: form.brandName.trim(),
        planGroup: 'PRO',
        startDate: now,
        endDate: trialEndFor(now),
        isTrial: true,
        features: DEFAULT_FEATURES,
        creditBalance: 0,
      });
      return { account, session: await createSession(tx, account, now) };
    });
    await sendConfirmMail(app, account);
    return session;
  } catch (err) {
    // Two sign-ups racing past the checks: the unique indexes decide, and we answer as a duplicate.
    if (isUniqueViolation(err)) await refuseDuplicates(app, email, businessNum);
    throw err;
  }
}
