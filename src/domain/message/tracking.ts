/**
 * Tracked links, click rate and order attribution (issue 25; docs/api/messages.md "Links, clicks and
 * orders"). A campaign's button links go out as our short redirect, `/l/<token><button>`: the token is
 * the recipient's own random 12 characters (no name, phone or id in the URL) and the button its number 1–5.
 */
export const LINK_TOKEN_LENGTH = 12;
export const LINK_PATH = '/l';

/** Orders a recipient places within this many days after its message was delivered are the campaign's (the latest campaign before the order wins). */
export const ATTRIBUTION_DAYS = 7;

const CODE = new RegExp(`^([A-Za-z0-9_-]{${LINK_TOKEN_LENGTH}})([1-5])$`);

/** `<token><button>` → its parts, or null when it cannot be one of ours. */
export function parseLinkCode(code: string): { token: string; button: number } | null {
  const m = CODE.exec(code);
  return m ? { token: m[1], button: Number(m[2]) } : null;
}

/** The tracked short link of a recipient's button N (1-based). */
export function trackedLink(publicUrl: string, token: string, button: number): string {
  return `${publicUrl.replace(/\/$/, '')}${LINK_PATH}/${token}${button}`;
}

/** Recipients who clicked any link, as a percentage of those delivered, 2 decimals (0 before anyone got it). */
export function clickRate(clickers: number, delivered: number): number {
  if (delivered <= 0) return 0;
  return Math.round((Math.min(clickers, delivered) / delivered) * 10_000) / 100;
}

/** Only web addresses are redirected to (never javascript: or data:). */
export const isRedirectable = (url: string): boolean => /^https?:\/\/[^\s]+$/i.test(url.trim());
