import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { consentNotices } from '../../db/schema';
import type { OutboundMessage } from '../../providers/messaging';
import { addMonths, seoulDate, seoulDayEnd } from '../../../src/domain/seoulDay';
import { CONSENT_NOTICE_YEARS, consentNoticeDue, consentNoticeSince, MESSAGE_MSG } from '../../../src/domain/message';
import { rowsOf } from '../products/service';
import { startPeriodicJob } from '../../jobs/periodic';

/**
 * The 2-year consent notice (정보통신망법 §50⑧, 시행령 §62-3; docs/api/messages.md): every customer who
 * consents to advertising (marketing, SMS or KakaoTalk consent) is told of it at least once every 2
 * years. The job picks customers whose 2 years, from the later of their earliest standing consent and
 * their last notice, have run, and for each chunk, in one transaction, claims them by INSERT … ON
 * CONFLICT DO NOTHING into consent_notices (keyed by customer and the day the 2 years ran from) and
 * queues the 알림톡 through the messaging provider. A re-run, or a second process, finds the claim and
 * sends nothing again; the notice's row is the customer's last notice. It is the brand's legal duty,
 * sent as information, and not charged to its credit.
 */
export const CONSENT_NOTICE_TEMPLATE = 'CONSENT_NOTICE';
export const CONSENT_NOTICE_CHUNK = 500;

type App = Pick<FastifyInstance, 'db' | 'clock' | 'messaging'>;

interface Candidate {
  tenant_idx: number; idx: number; name: string; country_code: string; phone: string; brand: string | null; opt_out: string | null;
  consent_at: string | Date; last_notice_at: string | Date | null;
}

/** Sends every due notice now; answers how many. */
export async function runConsentNoticeJob(app: App, chunk = CONSENT_NOTICE_CHUNK): Promise<number> {
  const now = app.clock.now();
  // A first filter in SQL (its 2 years ended by the end of that Seoul day); the domain rule decides.
  const cutoff = seoulDayEnd(addMonths(seoulDate(now), -12 * CONSENT_NOTICE_YEARS));
  let total = 0;
  for (;;) {
    const candidates = rowsOf<Candidate>(await app.db.execute(sql`
      select x.* from (
        select c.tenant_idx, c.idx, c.name, c.country_code, c.phone, p.company_name as brand, ch.opt_out_number as opt_out,
          least(case when c.agree_marketing = 'Y' then coalesce(c.agree_marketing_at, c.created_at) end,
                case when c.agree_sms = 'Y' then coalesce(c.agree_sms_at, c.created_at) end,
                case when k.agreed = 'Y' then coalesce(k.agreed_at, c.created_at) end) as consent_at,
          (select max(n.sent_at) from consent_notices n where n.tenant_idx = c.tenant_idx and n.customer_idx = c.idx) as last_notice_at
        from customers c
        left join customer_kakao_consents k on k.tenant_idx = c.tenant_idx and k.customer_idx = c.idx
        left join message_opt_outs o on o.tenant_idx = c.tenant_idx and o.phone = c.phone
        left join partnerships p on p.idx = c.tenant_idx
        left join message_channels ch on ch.tenant_idx = c.tenant_idx
        where (c.agree_marketing = 'Y' or c.agree_sms = 'Y' or k.agreed = 'Y') and o.phone is null
      ) x
      where x.consent_at is not null and greatest(x.consent_at, x.last_notice_at) < ${cutoff}
      order by x.tenant_idx, x.idx limit ${chunk}`));
    const due = candidates
      .map((c) => ({ c, consentAt: new Date(c.consent_at), last: c.last_notice_at ? new Date(c.last_notice_at) : null }))
      .filter(({ consentAt, last }) => consentNoticeDue(consentAt, last, now));
    if (!due.length) return total;
    const sent = await app.db.transaction(async (tx) => {
      const claimed = await tx.insert(consentNotices).values(due.map(({ c, consentAt, last }) => ({
        tenantIdx: c.tenant_idx, customerIdx: c.idx, sinceDay: seoulDate(consentNoticeSince(consentAt, last)), channel: 'ALIMTALK' as const, sentAt: now,
      }))).onConflictDoNothing().returning({ tenantIdx: consentNotices.tenantIdx, customerIdx: consentNotices.customerIdx });
      const mine = new Set(claimed.map((r) => `${r.tenantIdx}:${r.customerIdx}`));
      const messages: OutboundMessage[] = due.filter(({ c }) => mine.has(`${c.tenant_idx}:${c.idx}`)).map(({ c, consentAt }) => {
        const brand = c.brand ?? '';
        const agreedOn = seoulDate(consentAt);
        return {
          tenantIdx: c.tenant_idx, channel: 'ALIMTALK', templateCode: CONSENT_NOTICE_TEMPLATE, countryCode: c.country_code, phone: c.phone,
          variables: { brandName: brand, customerName: c.name, agreedOn, text: MESSAGE_MSG.consentNoticeText(brand, agreedOn, c.opt_out) },
          refType: 'consentNotice', refIdx: c.idx,
        };
      });
      if (messages.length) await app.messaging.queue(messages, tx);
      return messages.length;
    });
    total += sent;
    if (!sent || candidates.length < chunk) return total;
  }
}

export function startConsentNoticeJob(app: FastifyInstance, intervalMs: number): void {
  startPeriodicJob(app, intervalMs, 'consent notice job', () => runConsentNoticeJob(app), (n) => { if (n) app.log.info({ notices: n }, 'consent notice job sent notices'); });
}
