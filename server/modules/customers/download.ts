import { and, desc, eq, sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { ZipWriter, Uint8ArrayReader, Uint8ArrayWriter, configure } from '@zip.js/zip.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { customerDownloads, partnerships } from '../../db/schema';
import {
  CUSTOMER_EXPORT_COLUMNS, CUSTOMER_EXPORT_FILENAME, CUSTOMER_EXPORT_MAX_ROWS, CUSTOMER_EXPORT_SHEET, CUSTOMER_EXPORT_ZIPNAME, CUSTOMER_MSG,
  type CustomerDownloadRequest,
} from '../../../src/domain/customer';
import type { MailProvider } from '../../providers/mail';
import { allCustomers } from './list';
import type { Customer } from './rows';

// No Web Workers on the server: zip.js compresses and encrypts in this thread.
configure({ useWebWorkers: false });

/**
 * The customer download (spec 3 section 5): every request is recorded first (who, when, why, where
 * to), then the export is built in the background: an xlsx of the customer list (all columns), put
 * in a zip encrypted with AES-256 and the requester's password, and mailed as an attachment. The
 * password lives only in this closure: it is never stored or logged (app.ts redacts body.password).
 */

/** The xlsx of these customers: Korean headers, one row each. */
export function customersXlsx(rows: Customer[]): Buffer {
  const aoa: (string | number | null)[][] = [CUSTOMER_EXPORT_COLUMNS.map(([, label]) => label)];
  for (const c of rows) aoa.push(CUSTOMER_EXPORT_COLUMNS.map(([key]) => (c[key] ?? null) as string | number | null));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), CUSTOMER_EXPORT_SHEET);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A zip holding one file, encrypted with AES-256 (WinZip AE-2) and the password. */
export async function encryptedZip(filename: string, content: Uint8Array, password: string): Promise<Buffer> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password, encryptionStrength: 3 });
  await writer.add(filename, new Uint8ArrayReader(content));
  return Buffer.from(await writer.close());
}

const runningByDb = new WeakMap<Db, Set<Promise<void>>>();
const runningOf = (db: Db) => {
  let s = runningByDb.get(db);
  if (!s) { s = new Set(); runningByDb.set(db, s); }
  return s;
};
/** Exports under way in this process on this database (tests and shutdown wait for them). */
export const downloadRuns = (db: Db): Promise<void>[] => [...runningOf(db)];

export async function requestDownload(
  deps: { db: Db; mail: MailProvider; log: FastifyBaseLogger },
  who: { tenantIdx: number; adminIdx: number },
  request: CustomerDownloadRequest,
  now: Date,
): Promise<number> {
  const [audit] = await deps.db.insert(customerDownloads)
    .values({ tenantIdx: who.tenantIdx, adminIdx: who.adminIdx, email: request.email, reason: request.reason, createdAt: now })
    .returning({ idx: customerDownloads.idx });
  const { password } = request;
  const job = (async () => {
    try {
      const rows: Customer[] = [];
      for await (const chunk of allCustomers(deps.db, who.tenantIdx)) {
        rows.push(...chunk);
        if (rows.length > CUSTOMER_EXPORT_MAX_ROWS) break;
      }
      const truncated = rows.length > CUSTOMER_EXPORT_MAX_ROWS;
      const kept = rows.slice(0, CUSTOMER_EXPORT_MAX_ROWS);
      const zip = await encryptedZip(CUSTOMER_EXPORT_FILENAME, customersXlsx(kept), password);
      await deps.mail.send({
        to: request.email, subject: CUSTOMER_MSG.downloadMailSubject,
        text: truncated ? `${CUSTOMER_MSG.downloadMailText}\n${CUSTOMER_MSG.downloadMailTruncated}` : CUSTOMER_MSG.downloadMailText,
        attachments: [{ filename: CUSTOMER_EXPORT_ZIPNAME, contentType: 'application/zip', content: zip }],
      });
      await deps.db.update(customerDownloads).set({ rowCount: kept.length })
        .where(and(eq(customerDownloads.tenantIdx, who.tenantIdx), eq(customerDownloads.idx, audit.idx)));
    } catch (err) {
      deps.log.error({ err, tenantIdx: who.tenantIdx, requestIdx: audit.idx }, 'customer export failed');
    }
  })();
  const running = runningOf(deps.db);
  running.add(job);
  void job.finally(() => running.delete(job));
  return audit.idx;
}

/** The tenant's download requests, newest first: who (admin idx and e-mail), when, why, where to, how many rows. */
export async function listDownloads(db: Db, tenantIdx: number, p: { page: number; pageSize: number }) {
  const where = eq(customerDownloads.tenantIdx, tenantIdx);
  const [rows, [{ n }]] = await Promise.all([
    db.select({
      idx: customerDownloads.idx, adminIdx: customerDownloads.adminIdx, adminEmail: partnerships.email, email: customerDownloads.email,
      reason: customerDownloads.reason, rowCount: customerDownloads.rowCount, createdAt: customerDownloads.createdAt,
    }).from(customerDownloads)
      .leftJoin(partnerships, eq(partnerships.idx, customerDownloads.adminIdx))
      .where(where).orderBy(desc(customerDownloads.createdAt), desc(customerDownloads.idx))
      .limit(p.pageSize).offset((p.page - 1) * p.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(customerDownloads).where(where),
  ]);
  return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: Number(n) };
}
