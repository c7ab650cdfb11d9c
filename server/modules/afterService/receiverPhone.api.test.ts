import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import type { TestApp } from '../../../tests/helpers/testApp';
import { asRequests } from '../../db/schema';
import { asWorldPerFile, insertRequest, type AsWorld } from './requestFixtures';

let t: TestApp;
let w: AsWorld;
asWorldPerFile((app, world) => ([t, w] = [app, world]));

/** The migration that gives the rows stored before issue 23 #20 the one stored form of a phone. */
const MIGRATION = new URL('../../db/migrations/0034_as_receiver_phone_digits.sql', import.meta.url);

describe(`A/S receiver phones (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('the migration stores every receiver phone as national digits, as the intake now does', async () => {
    const typed = ['010-3456-7802', '(010)1234-5678', '01023456701', '10-9876-5432', '02-123-4567'];
    const rows = [];
    for (const phone of typed) {
      const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx });
      await t.database.db.update(asRequests).set({ receiverPhone: phone }).where(eq(asRequests.idx, r.idx));
      rows.push(r.idx);
    }
    await t.database.db.execute(sql.raw(readFileSync(MIGRATION, 'utf8')));
    const stored = await t.database.db.select({ idx: asRequests.idx, phone: asRequests.receiverPhone, digits: asRequests.receiverPhoneDigits })
      .from(asRequests).where(inArray(asRequests.idx, rows)).orderBy(asRequests.idx);
    expect(stored.map((s) => s.phone)).toEqual(['01034567802', '01012345678', '01023456701', '01098765432', '021234567']);
    expect(stored.every((s) => s.digits === s.phone)).toBe(true);
  });
});
