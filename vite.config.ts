import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pagePreloads } from './scripts/pagePreloads';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;
const outDir = 'dist/client';

/**
 * Writes .br and .gz beside every built script, style and page, once at build time, so the server
 * sends them compressed (@fastify/static `preCompressed`) without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), pagePreloads(), precompress()],
  build: {
    outDir,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // A cold admin page fetched about 86 small chunks over the browser's 6 connections per origin,
        // and its identity call waited behind them (issue 24): the libraries every admin page needs come
        // in three chunks instead (~49 scripts in all; 10–15% faster than ungrouped, bench:first-load).
        // React has its own, so the sign-in page loads no MUI for it. MUI is one chunk of every component
        // any page uses, so the guest pages (lounge, waiting, reservation) download ~55 KB gz more than
        // they need. MUI split by the apps using it (entriesAware) broke the sign-up page's module order
        // (emotion read before it was defined), and react-admin without its dependencies broke the
        // admin app: any change here must pass the e2e suite, which opens every app.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|react-transition-group|@popperjs|stylis|clsx|react-is|hoist-non-react-statics)[\\/]/, priority: 2 },
            { name: 'ra', test: /node_modules[\\/](ra-core|ra-ui-materialui|react-admin|@tanstack|react-hook-form)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 8080),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
