import type { auditLogKo } from './auditLog.ko';

/** English texts of the brand's audit log page, same keys as auditLog.ko.ts. */
export const auditLogEn: typeof auditLogKo = {
  auditLog: {
    title: 'Audit log',
    help: 'What this brand\'s accounts did, and what the platform staff read of this brand. Main accounts only',
    open: 'Audit log',
    action: 'Action', outcome: 'Outcome', actorKind: 'Actor', from: 'From', to: 'To', all: 'All',
    ok: 'Done', refused: 'Refused', partner: 'Brand account', operator: 'Platform staff',
    at: 'When', who: 'Who', what: 'Action', target: 'Target', ip: 'IP', detail: 'Detail',
    empty: 'No records', total: '%{count} in all', prev: 'Previous', next: 'Next', page: 'Page %{page}',
    loadFailed: 'Could not load the audit log. Please try again in a moment',
  },
};
