import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressAssets } from './scripts/vite/compressAssets';
import { firstLoadChunk } from './scripts/vite/firstLoadChunk';
import { antdDomShims } from './scripts/vite/antdDomShims';

// The dev server proxies the API to a locally running `npm run dev:server` (default port 8080).
const apiBase = process.env.API_BASE ?? '/insurance';
const serverPort = process.env.PORT ?? '8080';

export default defineConfig({
  // The server sends the .br/.gz copies compressAssets writes (server/http/webApp.ts).
  plugins: [antdDomShims(), react(), firstLoadChunk('app', () => [antdDomShims(), react()]), compressAssets()],
  base: '/',
  server: {
    proxy: {
      [apiBase]: { target: `http://127.0.0.1:${serverPort}`, ws: true },
      '/config.js': { target: `http://127.0.0.1:${serverPort}` },
    },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
});
