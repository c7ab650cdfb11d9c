import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { consignmentRedirect } from '../domain/home';
import { apiRequest } from '../providers/http';

/**
 * The consignment-notice flag (spec 1 section 2.2; src/domain/home.ts): a flagged account is sent to
 * /auth/profile once. The first page it opens records the visit (POST …/consignment-notice/seen), and
 * this tab remembers it, so the identity cached until the next load cannot send it again.
 */
let sent = false;
export const resetConsignmentNotice = () => void (sent = false);

function MarkSeen({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (sent) return;
    sent = true;
    apiRequest('/v1/admin/partnerships/consignment-notice/seen', { method: 'POST' }).catch((err: unknown) => console.warn('consignment notice', err instanceof Error ? err.message : err));
  }, []);
  return <>{children}</>;
}

export function ConsignmentGate({ flagged, pathname, children }: { flagged: boolean; pathname: string; children: ReactNode }) {
  if (!flagged || sent) return <>{children}</>;
  const to = consignmentRedirect(true, pathname);
  if (to) return <MarkSeen><Navigate to={to} replace state={{ consignmentNotice: true }} /></MarkSeen>;
  return <MarkSeen>{children}</MarkSeen>;
}
