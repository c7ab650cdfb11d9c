import type { FastifyInstance } from 'fastify';
import { signUpSchema } from '../../../src/domain/validation/account';
import { digitsOnly } from '../../../src/domain/patterns';
import { FIELD_MSG } from '../../../src/domain/messages';
import { trialEndFor } from '../../../src/domain/plans';
import { ApiError, conflict, isUniqueViolation } from '../../http/errors';
import { validateWith } from '../../http/validate';
import { hashPassword } from './passwords';
import { findAccountByEmail, insertMainAccount, isBusinessNumTaken } from './repository';
import { createSession, type IssuedSession } from './sessions';
import { DEFAULT_FEATURES, setUpBrandTenant } from './tenant';
import { sendConfirmMail } from './mails';

/** The form's companyName travels as brandName; field errors are keyed as the body sent them. */
async function validateSignUp(body: unknown) {
  const input = (body ?? {}) as Record<string, unknown>;
  try {
    return await validateWith(signUpSchema, { ...input, companyName: input.brandName });
  } catch (err) {
    if (err instanceof ApiError && err.errors && 'companyName' in err.errors) {
      const { companyName, ...rest } = err.errors;
      throw new ApiError(err.status, err.code, err.message, { ...rest, brandName: companyName }, err.title);
    }
    throw err;
  }
}

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
export async function signUp(app: FastifyInstance, body: unknown): Promise<IssuedSession> {
  const form = await validateSignUp(body);
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
        companyName: form.companyName.trim(),
        phoneNum: digitsOnly(form.phoneNum),
        businessNum,
        createdAt: now,
        updatedAt: now,
      });
      await setUpBrandTenant(tx, {
        tenantIdx: account.idx,
        brandName: form.companyName.trim(),
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
