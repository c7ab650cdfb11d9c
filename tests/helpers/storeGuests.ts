import type { InjectOptions } from 'fastify';
import { customers } from '../../server/db/schema';
import { createLoungeSession } from '../../server/modules/lounge/session';
import type { TestApp } from './testApp';

/**
 * The guests of a store's public pages (waiting, reservations) in an API test file: fresh phones
 * (`phonePrefix` + 7 digits) and client addresses (`subnet`.x.y: the guest routes limit per IP),
 * signed in straight in the database (the phone sign-in itself is the lounge's), and a caller of
 * `base`/{loungeKey}/{idx}… as one guest. `app` is read when called (the file's beforeAll makes it).
 */
export function storeGuests(app: () => TestApp, o: { base: string; phonePrefix: string; subnet: string; name: string }) {
  let phoneSeq = 0;
  let ipSeq = 0;
  const newPhone = () => `${o.phonePrefix}${String(10000000 + ++phoneSeq).slice(1)}`;
  const newIp = () => `${o.subnet}.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  async function guestOf(tenantIdx: number, phone = newPhone()) {
    const t = app();
    const [c] = await t.database.db.insert(customers).values({ tenantIdx, countryCode: '82', phone, name: o.name, createdAt: t.clock.now(), updatedAt: t.clock.now() })
      .onConflictDoUpdate({ target: [customers.tenantIdx, customers.countryCode, customers.phone], set: { name: o.name } }).returning({ idx: customers.idx });
    const { token } = await createLoungeSession(t.database.db, tenantIdx, c.idx, t.clock.now());
    return { token, phone, customerIdx: c.idx };
  }
  const guestCall = (key: string, idx: number, token?: string) => (opts: Omit<InjectOptions, 'url'> & { url?: string }) =>
    app().app.inject({ ...opts, url: `${o.base}/${key}/${idx}${opts.url ?? ''}`, remoteAddress: newIp(), headers: token ? { 'x-lounge-token': token } : {} } as InjectOptions);
  return { newPhone, newIp, guestOf, guestCall };
}
