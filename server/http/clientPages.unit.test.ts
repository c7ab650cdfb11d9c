import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminPages } from '../../src/domain/routes';
import { DECLARED_RESOURCES } from '../../src/domain/resources';
import { PAGE_PRELOADS_FILE, pageEntriesOf, type PagePreloads } from '../../scripts/pagePreloads';
import { clientPages } from './clientPages';

const root = path.resolve(import.meta.dirname, '../..');
const INDEX = '<html><head><title>콘솔</title></head><body></body></html>';

function pageMapFiles(): string[] {
  const resources = path.join(root, 'src/resources');
  const indexes = fs.readdirSync(resources, { recursive: true, encoding: 'utf8' }).filter((f) => f === 'index.ts' || f.endsWith('/index.ts'));
  return [path.join(root, 'src/pages.ts'), ...indexes.map((f) => path.join(resources, f))];
}

describe('page preloads (issue 24)', () => {
  it('reads every hand-written page of the route table from the page maps', () => {
    const parsed = new Map(pageMapFiles().flatMap((f) => pageEntriesOf(f, fs.readFileSync(f, 'utf8'))));
    expect(parsed.get('guarantee.list')).toBe(path.join(root, 'src/resources/guarantee/GuaranteeList'));
    expect(parsed.get('home')).toBe(path.join(root, 'src/custom/home/HomePage'));
    // A page the pattern misses would load after the app instead of beside it: only the generic
    // pages of declared resources (resourceRoute, `<resource>.<view>`) may be absent.
    const generic = (key: string) => DECLARED_RESOURCES.some((def) => key.startsWith(`${def.name}.`));
    const missed = adminPages().map((r) => r.page).filter((key) => !parsed.has(key) && !generic(key));
    expect(missed).toEqual([]);
    for (const module of parsed.values()) expect(['.tsx', '.ts'].some((ext) => fs.existsSync(module + ext))).toBe(true);
  });

  it("puts the app's and the path's page's chunks in index.html, and nothing on other paths", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-pages-'));
    const preloads: PagePreloads = { app: ['assets/App-1.js', 'assets/mui-2.js'], pages: { 'guarantee.list': ['assets/GuaranteeList-3.js'], 'guarantee.show': ['assets/GuaranteeShow-4.js'] } };
    fs.writeFileSync(path.join(dir, PAGE_PRELOADS_FILE), JSON.stringify(preloads));
    const html = clientPages(dir, INDEX);
    const links = (url: string) => [...html(url).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(links('/b2b/guarantee')).toEqual(['/assets/App-1.js', '/assets/mui-2.js', '/assets/GuaranteeList-3.js']);
    expect(links('/b2b/guarantee/?searchText=a')).toEqual(['/assets/App-1.js', '/assets/mui-2.js', '/assets/GuaranteeList-3.js']);
    expect(links('/b2b/guarantee/12')).toEqual(['/assets/App-1.js', '/assets/mui-2.js', '/assets/GuaranteeShow-4.js']);
    expect(html('/b2b/guarantee')).toMatch(/<\/title><link rel="modulepreload"[^]*<\/head>/);
    // The sign-in page, the lounge and unknown paths never fetch the admin app.
    for (const url of ['/auth/login', '/lounge/abcdefabcdef', '/nowhere']) expect(html(url)).toBe(INDEX);
  });

  it('serves index.html as built when the build wrote no preloads', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-pages-'));
    expect(clientPages(dir, INDEX)('/b2b/guarantee')).toBe(INDEX);
  });
});
