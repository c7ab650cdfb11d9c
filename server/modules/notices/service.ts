import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformNotices } from '../../db/schema';
import { NOTICE_READ_LIMIT, noticeSchema, type Notice, type NoticeInput } from '../../../src/domain/notice';
import { validateWith } from '../../http/validate';

/** The newest notices, newest first (POST /v1/common/notion). Platform-wide: no tenant. */
export async function listNotices(db: Db, limit = NOTICE_READ_LIMIT): Promise<Notice[]> {
  const rows = await db.select().from(platformNotices).orderBy(desc(platformNotices.postedOn), desc(platformNotices.idx)).limit(limit);
  return rows.map((r) => ({ no: r.idx, title: r.title, date: r.postedOn, link: r.link }));
}

/**
 * Writes a notice (issue 27 item 3): the operator console's write calls this with what the operator
 * typed and who they are. The input is checked with the domain's schema (a 400 naming the field);
 * an empty link is none.
 */
export async function createNotice(db: Db, input: Partial<NoticeInput> | unknown, by: { operatorIdx: number | null }, now: Date): Promise<Notice> {
  const checked = (await validateWith(noticeSchema, input)) as NoticeInput;
  const [row] = await db.insert(platformNotices).values({
    title: checked.title, link: checked.link || null, postedOn: checked.date, createdBy: by.operatorIdx, createdAt: now,
  }).returning();
  return { no: row.idx, title: row.title, date: row.postedOn, link: row.link };
}

/** How many notices exist (the seed writes its demo notices only into an empty table). */
export async function countNotices(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(platformNotices);
  return row.n;
}
