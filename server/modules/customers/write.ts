import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { CUSTOMER_MSG, type Yn } from '../../../src/domain/customer';
import type { CustomerForm } from '../../../src/domain/resources/customer';
import { toYmd8 } from '../../../src/domain/seoulDay';
import { DEFAULT_COUNTRY_CODE, normalizePhone } from '../../../src/domain/guarantee';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { getCustomer, selectRows, type Customer, type Row } from './rows';

/** Registering and editing a customer by hand; a consent that changes records the day it changed. */

function valuesOf(form: CustomerForm, now: Date, before?: Row) {
  const consent = (next: Yn, prev: Yn | undefined, prevAt: Date | null | undefined) => (prev === next ? prevAt ?? null : now);
  const countryCode = form.countryCode || DEFAULT_COUNTRY_CODE;
  return {
    name: form.customerName, countryCode, phone: normalizePhone(form.customerPhone, countryCode),
    gender: (form.userGender ?? null) as 'M' | 'F' | null, birthday: toYmd8(form.birthday), email: form.email ?? null,
    agreeMarketing: form.isAgreeMarketing as Yn, agreeMarketingAt: consent(form.isAgreeMarketing as Yn, before?.agreeMarketing, before?.agreeMarketingAt),
    agreeSms: form.isAgreeSMS as Yn, agreeSmsAt: consent(form.isAgreeSMS as Yn, before?.agreeSms, before?.agreeSmsAt),
    agreeEmail: form.isAgreeEmail as Yn, agreeEmailAt: consent(form.isAgreeEmail as Yn, before?.agreeEmail, before?.agreeEmailAt),
    updatedAt: now,
  };
}

const duplicatePhone = () => conflict('CONFLICT', 'customerPhone', CUSTOMER_MSG.phoneDuplicate);

export async function createCustomer(db: Db, tenantIdx: number, form: CustomerForm, now: Date): Promise<Customer> {
  const values = valuesOf(form, now);
  const first = { agreeMarketingAt: values.agreeMarketing === 'Y' ? now : null, agreeSmsAt: values.agreeSms === 'Y' ? now : null, agreeEmailAt: values.agreeEmail === 'Y' ? now : null };
  const [row] = await db.insert(customers).values({ tenantIdx, ...values, ...first, createdAt: now })
    .onConflictDoNothing({ target: [customers.tenantIdx, customers.countryCode, customers.phone] })
    .returning({ idx: customers.idx });
  if (!row) throw duplicatePhone();
  return getCustomer(db, tenantIdx, row.idx);
}

/** The stored customer as a form, so a PATCH can send only what changes. */
export async function formOf(db: Db, tenantIdx: number, idx: number): Promise<{ form: Record<string, unknown>; row: Row }> {
  const [row] = await selectRows(db).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
  if (!row) throw notFound(CUSTOMER_MSG.notFound);
  const r = row as Row;
  return {
    row: r,
    form: {
      customerName: r.name, customerPhone: r.phone, countryCode: r.countryCode, userGender: r.gender, birthday: r.birthday, email: r.email,
      isAgreeMarketing: r.agreeMarketing, isAgreeSMS: r.agreeSms, isAgreeEmail: r.agreeEmail,
    },
  };
}

export async function updateCustomer(db: Db, tenantIdx: number, idx: number, form: CustomerForm, before: Row, now: Date): Promise<Customer> {
  try {
    await db.update(customers).set(valuesOf(form, now, before)).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx)));
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicatePhone();
    throw err;
  }
  return getCustomer(db, tenantIdx, idx);
}
