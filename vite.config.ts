import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: Number(process.env.PORT ?? 8080),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
