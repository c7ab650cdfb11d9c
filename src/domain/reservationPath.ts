/**
 * The guest's reservation page URL (issue 26 item 5): /reservation/{loungeKey}/{reservationIdx}, the
 * link the reservation's QR code carries. Its own module with no imports, as ./waitingPath.ts,
 * because the page entry (src/entry.ts) reads it before any app loads.
 */
export function reservationGuestOfPath(pathname: string): { loungeKey: string; reservationIdx: number } | null {
  const m = /^\/reservation\/([a-z0-9]{12})\/([1-9]\d{0,9})\/?$/.exec(pathname);
  return m ? { loungeKey: m[1], reservationIdx: Number(m[2]) } : null;
}
