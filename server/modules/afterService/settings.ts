import { and, asc, eq, notInArray } from 'drizzle-orm';
import { AS_INTAKE_MSG, type AsInfoInput, type AsType, type RepairCategoriesInput } from '../../../src/domain/afterService';
import type { FieldErrors } from '../../../src/domain/errors';
import type { Db } from '../../db/client';
import { asSettings, repairCategories, repairCategoryOptions } from '../../db/schema';
import { validationFailed } from '../../http/errors';

/** The brand's A/S settings (docs/api/afterService.md, Settings): the info of each kind and the repair categories. */

const EMPTY_INFO = { contactPhone: '', notice: '', receiveZipCode: '', receiveAddress1: '', receiveAddress2: '' };

export async function readInfo(db: Db, tenantIdx: number, type: AsType) {
  const [row] = await db.select({
    contactPhone: asSettings.contactPhone, notice: asSettings.notice, receiveZipCode: asSettings.receiveZipCode,
    receiveAddress1: asSettings.receiveAddress1, receiveAddress2: asSettings.receiveAddress2,
  }).from(asSettings).where(and(eq(asSettings.tenantIdx, tenantIdx), eq(asSettings.type, type)));
  return row ?? EMPTY_INFO;
}

export async function saveInfo(db: Db, tenantIdx: number, type: AsType, input: AsInfoInput, now: Date) {
  const values = { ...EMPTY_INFO, ...input };
  await db.insert(asSettings).values({ tenantIdx, type, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: [asSettings.tenantIdx, asSettings.type], set: { ...values, updatedAt: now } });
  return readInfo(db, tenantIdx, type);
}

/** The categories in their saved order, each with its options in order. */
export async function readCategories(db: Db, tenantIdx: number) {
  const [categories, options] = await Promise.all([
    db.select({ idx: repairCategories.idx, name: repairCategories.name }).from(repairCategories)
      .where(eq(repairCategories.tenantIdx, tenantIdx)).orderBy(asc(repairCategories.sort), asc(repairCategories.idx)),
    db.select({ idx: repairCategoryOptions.idx, categoryIdx: repairCategoryOptions.categoryIdx, name: repairCategoryOptions.name }).from(repairCategoryOptions)
      .where(eq(repairCategoryOptions.tenantIdx, tenantIdx)).orderBy(asc(repairCategoryOptions.sort), asc(repairCategoryOptions.idx)),
  ]);
  return categories.map((c) => ({ ...c, options: options.filter((o) => o.categoryIdx === c.idx).map(({ idx, name }) => ({ idx, name })) }));
}

/**
 * Replaces the whole list in one transaction: a sent idx keeps its row (renamed, reordered; an
 * option may move to another category), a row without one is inserted, a stored row not sent is
 * deleted. An idx that is not one of the tenant's answers 400 on that row and changes nothing.
 */
export async function saveCategories(db: Db, tenantIdx: number, input: RepairCategoriesInput) {
  const list = input.list ?? [];
  const stored = await readCategories(db, tenantIdx);
  const storedCategories = new Set(stored.map((c) => c.idx));
  const storedOptions = new Set(stored.flatMap((c) => c.options.map((o) => o.idx)));
  const errors: FieldErrors = {};
  list.forEach((c, i) => {
    if (c.idx && !storedCategories.has(c.idx)) errors[`list[${i}].idx`] = AS_INTAKE_MSG.categoryNotFound;
    (c.options ?? []).forEach((o, j) => {
      if (o.idx && !storedOptions.has(o.idx)) errors[`list[${i}].options[${j}].idx`] = AS_INTAKE_MSG.optionNotFound;
    });
  });
  if (Object.keys(errors).length) throw validationFailed(errors);

  await db.transaction(async (tx) => {
    const keptCategories = list.map((c) => c.idx).filter((v): v is number => !!v);
    const keptOptions = list.flatMap((c) => (c.options ?? []).map((o) => o.idx)).filter((v): v is number => !!v);
    const drop = <T extends typeof repairCategories | typeof repairCategoryOptions>(table: T, kept: number[]) =>
      tx.delete(table).where(and(eq(table.tenantIdx, tenantIdx), ...(kept.length ? [notInArray(table.idx, kept)] : [])));
    await drop(repairCategoryOptions, keptOptions);
    await drop(repairCategories, keptCategories);
    for (const [sort, c] of list.entries()) {
      let categoryIdx = c.idx ?? null;
      if (categoryIdx) {
        await tx.update(repairCategories).set({ name: c.name, sort }).where(and(eq(repairCategories.tenantIdx, tenantIdx), eq(repairCategories.idx, categoryIdx)));
      } else {
        [{ idx: categoryIdx }] = await tx.insert(repairCategories).values({ tenantIdx, name: c.name, sort }).returning({ idx: repairCategories.idx });
      }
      const options = c.options ?? [];
      for (const [optionSort, o] of options.entries()) {
        if (o.idx) {
          await tx.update(repairCategoryOptions).set({ name: o.name, sort: optionSort, categoryIdx })
            .where(and(eq(repairCategoryOptions.tenantIdx, tenantIdx), eq(repairCategoryOptions.idx, o.idx)));
        } else {
          await tx.insert(repairCategoryOptions).values({ tenantIdx, categoryIdx, name: o.name, sort: optionSort });
        }
      }
    }
  });
  return readCategories(db, tenantIdx);
}
