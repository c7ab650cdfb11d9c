/**
 * The pages issue 24 measures, each with what "shown" means, and the anchor's page beside them. A
 * `ready` runs in the page on every frame and returns performance.now() once the content is visible.
 */
export interface FirstLoadCase {
  label: string;
  path: string;
  signedIn: boolean;
  /** Served by the anchor app (bench/anchor) instead of the console. */
  anchor?: boolean;
  goalMs?: number;
  goalGzip?: number;
  ready: () => number | null;
}

const passwordShown = () => {
  const input = document.querySelector('input[type="password"]') as HTMLElement | null;
  return input && input.offsetParent !== null ? performance.now() : null;
};

const todoShown = () => {
  const hit = document.evaluate("//*[normalize-space(text())='오늘의 할 일']", document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue as HTMLElement | null;
  return hit && hit.offsetParent !== null ? performance.now() : null;
};

/** A body row of a table with at least two cells: a list's first record (an empty state has none). */
const firstRowShown = () => {
  const row = Array.from(document.querySelectorAll('tbody tr')).find((tr) => tr.querySelectorAll('td').length > 1) as HTMLElement | undefined;
  return row && row.offsetParent !== null ? performance.now() : null;
};

export const FIRST_LOAD_CASES: FirstLoadCase[] = [
  { label: '`/auth/login` (password field)', path: '/auth/login', signedIn: false, goalMs: 400, goalGzip: 120 * 1024, ready: passwordShown },
  { label: '`/b2b/home` (오늘의 할 일)', path: '/b2b/home', signedIn: true, goalMs: 800, ready: todoShown },
  { label: '`/b2b/guarantee` (first row)', path: '/b2b/guarantee', signedIn: true, goalMs: 800, ready: firstRowShown },
  { label: '`/b2b/customer` (first row)', path: '/b2b/customer', signedIn: true, goalMs: 800, ready: firstRowShown },
  { label: '`/b2b/membership/guarantee` (first row)', path: '/b2b/membership/guarantee', signedIn: true, goalMs: 800, ready: firstRowShown },
  { label: 'anchor: react-admin `<Admin>` + ListGuesser, guarantees (first row)', path: '/#/guarantee', signedIn: true, anchor: true, ready: firstRowShown },
];
