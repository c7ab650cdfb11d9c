/**
 * The guest's waiting page URL (issue 26): /waiting/{loungeKey}/{eventIdx}, the link the event's QR
 * code carries. Its own module with no imports, as ./loungePath.ts, because the page entry
 * (src/entry.ts) reads it before any app loads.
 */
export function waitingGuestOfPath(pathname: string): { loungeKey: string; eventIdx: number } | null {
  const m = /^\/waiting\/([a-z0-9]{12})\/([1-9]\d{0,9})\/?$/.exec(pathname);
  return m ? { loungeKey: m[1], eventIdx: Number(m[2]) } : null;
}
