import fs from 'node:fs';
import path from 'node:path';
import { adminPages } from '../../src/domain/routes';
import { cleanPath, findRow } from '../../src/domain/routing';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../scripts/pagePreloads';

/**
 * index.html for a console path, with modulepreload links for the admin app and the path's page
 * (issue 24). Without them the browser learns of the app only after the entry script ran, and of the
 * page only after the app ran; with them it fetches all three at once. One string per page, made on
 * first use: the links depend on the build, never on the request.
 */
export function clientPages(clientDir: string, indexHtml: string): (url: string) => string {
  const file = path.join(clientDir, PAGE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => indexHtml;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as PagePreloads;
  const rows = adminPages();
  const byPage = new Map<string, string>();
  const links = (files: string[]) => files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
  return (url) => {
    const page = findRow(rows, cleanPath(url))?.page;
    if (!page) return indexHtml;
    let html = byPage.get(page);
    if (!html) {
      html = indexHtml.replace('</head>', `${links([...preloads.app, ...(preloads.pages[page] ?? [])])}</head>`);
      byPage.set(page, html);
    }
    return html;
  };
}
