/**
 * Builds the anchor app (bench/anchor) and serves it as the console is served: brotli-compressed
 * hashed assets, index.html for other paths, and /api/* passed to the real server, so both apps meet
 * the same API, compression and HTTP/1.1 on loopback.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' };

export async function startAnchorServer(apiOrigin: string): Promise<{ url: string; clientDir: string; stop(): Promise<void> }> {
  const clientDir = path.resolve(import.meta.dirname, '../../dist/anchor');
  await build({ root: import.meta.dirname, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: clientDir, emptyOutDir: true } });
  const files = new Map<string, { type: string; br: Buffer }>();
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(clientDir)) {
    const br = zlib.brotliCompressSync(fs.readFileSync(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    files.set(`/${path.relative(clientDir, file)}`, { type: TYPES[path.extname(file)] ?? 'application/octet-stream', br });
  }
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const upstream = http.request(`${apiOrigin}${url}`, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
      return;
    }
    const file = files.get(url.split('?')[0]) ?? files.get('/index.html')!;
    res.writeHead(200, { 'content-type': file.type, 'content-encoding': 'br', 'cache-control': 'no-cache' });
    res.end(file.br);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, clientDir, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
