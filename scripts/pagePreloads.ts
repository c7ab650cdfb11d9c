import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the page maps live: the shell's pages and each resource folder's index (src/pages.ts). */
const PAGE_MAP_FILES = /\/src\/(pages\.ts|resources\/.+\/index\.ts)$/;
/** `'guarantee.list': lazyWithRetry(() => import('./GuaranteeList'))`, the one way a page map names a page. */
const PAGE_ENTRY = /'([\w.-]+)':\s*lazy(?:WithRetry|Page)\(\(\) => import\('(\.[^']+)'\)/g;

export interface PagePreloads {
  /** The admin app's own chunks (src/App.tsx and what it imports). */
  app: string[];
  /** Page key (src/domain/routes.ts) → the chunks its lazy page needs besides the app's. */
  pages: Record<string, string[]>;
}

export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** The page keys of one page map's source, with the absolute module each loads. */
export function pageEntriesOf(file: string, source: string): [string, string][] {
  return [...source.matchAll(PAGE_ENTRY)].map(([, key, spec]) => [key, path.resolve(path.dirname(file), spec)]);
}

/**
 * Writes dist/client/page-preloads.json: for each page of the route table, the chunks that page
 * needs. The server puts them in index.html as modulepreload links (server/http/clientPages.ts), so
 * a cold load fetches the app and the page at once instead of one after the other (issue 24).
 */
export function pagePreloads(): Plugin {
  const pageModules = new Map<string, string>();
  return {
    name: 'page-preloads',
    apply: 'build',
    // The source as written: later transforms may rewrite the quotes the pattern reads.
    enforce: 'pre',
    transform(code, id) {
      if (PAGE_MAP_FILES.test(id)) for (const [key, module] of pageEntriesOf(id, code)) pageModules.set(key, module);
      return null;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // The entry chunk is already loading from index.html's own script tag.
      const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName) || byFile.get(fileName)?.isEntry) return seen;
        seen.add(fileName);
        for (const dep of byFile.get(fileName)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      // A page's module is its chunk's facade, or one module of a chunk grouped by the build's codeSplitting.
      const chunkOf = (module: string) =>
        chunks.find((c) => c.facadeModuleId && stripExt(c.facadeModuleId) === stripExt(module)) ??
        chunks.find((c) => c.moduleIds.some((id) => stripExt(id) === stripExt(module)));
      const app = chunkOf(path.resolve('src/App.tsx'));
      if (!app) throw new Error('page-preloads: no chunk for src/App.tsx');
      const appFiles = closure(app.fileName);
      const pages: Record<string, string[]> = {};
      for (const [key, module] of pageModules) {
        const chunk = chunkOf(module);
        if (!chunk) throw new Error(`page-preloads: no chunk for the page ${key} (${module})`);
        pages[key] = [...closure(chunk.fileName)].filter((f) => !appFiles.has(f));
      }
      const preloads: PagePreloads = { app: [...appFiles], pages };
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

const stripExt = (file: string) => file.replace(/\.(tsx?|jsx?)$/, '');
