import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/browser';
import { ROUTES } from '../../../src/domain/routes';
import { routeAccess } from '../../../src/domain/menu';
import type { Partnership } from '../../../src/domain/identity';
import { endpointOf, fromListEnvelope } from '../../../src/dataProvider';
import { API_BASES } from '../../../src/config/apiBases';
import { api, apiToken, baseUrl, signIn, useBrowser } from '../helpers';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** What the suite refuses: axe's two highest impacts (issue 22 B). */
const REFUSED = new Set(['critical', 'serious']);

/** One rule axe found broken on one screen state: where, which rule, how many elements, the first. */
export interface Finding {
  at: string;
  rule: string;
  impact: string;
  count: number;
  target: string;
  /** axe's first reason, e.g. the contrast measured and the one needed. */
  why: string;
}

/**
 * axe-core, the engine @axe-core/playwright wraps, run in the page itself. The wrapper injects the
 * 1.5 MB engine again on every check and assembles results in a second page: 1.2–1.8 s a screen
 * against 0.2–1.0 s here (measured), which over some 300 screen states is minutes of the suite.
 * Here the engine is an init script of the page, present in every document it loads.
 */
export async function withAxe(page: Page) {
  await page.addInitScript({ content: axe.source });
}

/**
 * Every rule axe runs (WCAG 2.x A and AA, and best practices) on the page as it stands, or on all of
 * it but `exclude` (selectors of parts already checked on this walk).
 */
export async function axeFindings(page: Page, at: string, exclude: string[] = []): Promise<Finding[]> {
  const violations = await page.evaluate(
    async (excluded) => {
      // A snackbar or dialog mid-fade has blended colours axe reads as low contrast: it checks what
      // the user reads once the transitions end (spinners loop for ever and are not waited on).
      const ending = document.getAnimations().filter((a) => {
        const end = a.effect?.getComputedTiming().endTime;
        return typeof end === 'number' && Number.isFinite(end);
      });
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
      const results = await window.axe.run({ exclude: excluded.map((s) => [s]) } as never, { resultTypes: ['violations'] });
      return results.violations.map((v) => ({
        id: v.id, impact: v.impact ?? '', count: v.nodes.length, target: String(v.nodes[0]?.target ?? ''), why: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(1, 2).join('').trim(),
      }));
    },
    exclude,
  );
  return violations.filter((v) => REFUSED.has(v.impact)).map((v) => ({ at, rule: v.id, impact: v.impact, count: v.count, target: v.target, why: v.why }));
}

/** Counts the page's requests still unanswered. */
export function inflight(page: Page): () => number {
  let open = 0;
  page.on('request', () => open++);
  page.on('requestfinished', () => open--);
  page.on('requestfailed', () => open--);
  return () => open;
}

const frames = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/**
 * Settles on the state a user reads: no request unanswered and no spinner, twice in a row across
 * painted frames (a render that ends one request may start the next, e.g. a lazy page's data).
 * Playwright's "networkidle" would add its 500 ms of quiet to every screen.
 */
export async function settled(page: Page, open: () => number) {
  for (let calm = 0; calm < 2; ) {
    await frames(page);
    const busy = open() > 0 || (await page.locator('[role="progressbar"]:visible').count()) > 0;
    calm = busy ? 0 : calm + 1;
  }
}

/**
 * In-app navigation, as a sidebar link does: the console stays loaded from screen to screen. React
 * may keep the previous screen up while it renders the next (a transition), so the walk first waits
 * for the screen to change: an element gone from the content box or from the body (a dialog's
 * portal; a page may show nothing but a dialog), or a new one in either. Every path remounts its
 * page (src/framework/Page.tsx). On a busy machine, "nothing loading" alone was once met by the
 * previous screen.
 */
export async function visit(page: Page, path: string, open: () => number) {
  const before = await page.evaluateHandle((to) => {
    if (window.location.pathname + window.location.search === to) return null;
    // The shell's content box, or the app's root for a page without the shell.
    const boxes = [document.querySelector('.RaLayout-content') ?? document.querySelector('#root')!, document.body];
    const children = boxes.map((box) => [...box.children]);
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return { boxes, children };
  }, path);
  await page.waitForFunction(
    (b) => !b || b.boxes.some((box, i) => !box.isConnected || b.children[i]!.some((el) => !el.isConnected) || [...box.children].some((el) => !b.children[i]!.includes(el))),
    before,
  );
  await before.dispose();
  await settled(page, open);
}

/**
 * The route table's admin screens this account may open (the console's own `routeAccess`), one path
 * per page (several paths show one page; a path without one only redirects), each
 * parameter filled from the account's first record of the route's resource: a new screen is walked
 * without a new test. Paths that only redirect (home, sign-out) are not screens.
 */
export async function screensOf(email: string): Promise<string[]> {
  const token = await apiToken(email);
  const identity = (await api<Partnership>(token, 'GET', '/v1/admin/partnerships')).data;
  const now = new Date();
  const pages = new Map<string, string>();
  for (const row of ROUTES) {
    const page = row.page;
    if (row.app !== 'admin' || row.home || !page || page === 'logout' || pages.has(page)) continue;
    if (routeAccess(identity, row.path, now) !== 'ok') continue;
    const id = row.path.includes('/:') ? (row.resource ? await firstId(token, row.resource) : 'demo') : '';
    // A screen of a record needs one: the demo has none of some (e.g. issued memberships).
    if (id === undefined) continue;
    pages.set(page, row.path.replace(/:[a-zA-Z]+/, encodeURIComponent(String(id))));
  }
  return [...pages.values()];
}

async function firstId(token: string, resource: string): Promise<string | number | undefined> {
  const endpoint = endpointOf(resource);
  const base = API_BASES[endpoint.base].replace(/^\/api/, '');
  const res = await api<Parameters<typeof fromListEnvelope>[1]>(token, 'GET', `${base}${endpoint.oneFromList ?? endpoint.path}?page=1&pageSize=10`);
  if (res.status !== 200) throw new Error(`GET ${endpoint.path} answered ${res.status}`);
  return fromListEnvelope(endpoint, res.data).data[0]?.id;
}

/** The console's frame around every screen: checked whole on a walk's first screen at each width. */
const SHELL = ['nav[aria-label="사이드 메뉴"]', 'header'];

/**
 * The screens' final states, not their transitions: a dialog fading in was measured at half its
 * contrast. Every transition and animation of the page takes no time.
 */
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }';

export async function withoutMotion(page: Page) {
  await page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => document.head.append(Object.assign(document.createElement('style'), { textContent: css })));
  }, NO_MOTION);
}

/** Screens a test walks: ~5 s quiet, so a test stays well inside its 60 s ceiling on a busy machine. */
const SCREENS_PER_TEST = 8;

/**
 * The walk of one demo role: its screens (screensOf) in tests of SCREENS_PER_TEST at each width, on
 * one page signed in once for the file (the console's first load is most of a test's time
 * otherwise: 8.9 s against 0.5 s for each screen after it, measured). A test checks its first
 * screen whole and the others without the frame already checked.
 */
export async function walkRole(email: string, label: string, widths: readonly number[] = [1280, 500]) {
  const screens = await screensOf(email);
  let browser: Browser | undefined;
  let page: Page;
  let open: () => number;
  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'ko-KR', viewport: { width: widths[0], height: 860 } });
    context.setDefaultTimeout(30_000);
    page = await context.newPage();
    await withAxe(page);
    await withoutMotion(page);
    open = inflight(page);
    // Signed in straight onto the first screen (the sign-in page's return address).
    await signIn(page, email, undefined, '', screens[0]);
    await page.waitForURL((url) => url.pathname === screens[0]);
  });
  afterAll(() => browser?.close());
  for (const width of widths) {
    for (let from = 0; from < screens.length; from += SCREENS_PER_TEST) {
      const part = screens.slice(from, from + SCREENS_PER_TEST);
      it(`axe finds nothing critical or serious on ${label}'s screens at ${width} px: ${part[0]} and ${part.length - 1} more`, async () => {
        await page.setViewportSize({ width, height: 860 });
        const findings: Finding[] = [];
        for (const [i, path] of part.entries()) {
          await visit(page, path, open);
          findings.push(...(await axeFindings(page, `${path} @${width}px`, i === 0 ? [] : SHELL)));
        }
        expect(findings).toEqual([]);
      });
    }
  }
}

/** The signed-out pages of the route table (sign-in, sign-up, password reset), each loaded anew. */
export function walkPublic(widths: readonly number[] = [1280, 500]) {
  const b = useBrowser();
  it(`axe finds nothing critical or serious on any signed-out page at ${widths.join(' and ')} px`, async () => {
    const page = b.page;
    await withAxe(page);
    await withoutMotion(page);
    const open = inflight(page);
    const findings: Finding[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 860 });
      for (const row of ROUTES.filter((r) => r.app === 'public')) {
        await page.goto(row.path);
        await settled(page, open);
        findings.push(...(await axeFindings(page, `${row.path} @${width}px`)));
      }
    }
    expect(findings).toEqual([]);
  });
}
