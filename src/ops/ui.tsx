import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { opsKo } from '../i18n/ops.ko';
import { ApiRequestError } from '../providers/http';

export const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : opsKo.ops.loadFailed);

/** A link inside the app: an anchor (so it opens in a new tab too) that moves without a reload. */
export function AppLink({ to, go, children }: { to: string; go: (to: string) => void; children: ReactNode }) {
  return (
    <Link
      href={to}
      underline="hover"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        go(to);
      }}
    >
      {children}
    </Link>
  );
}

