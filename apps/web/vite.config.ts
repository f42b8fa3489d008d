import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Served by the API on the same port: absolute asset paths, API calls same-origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
  // The browser-safe contract library shared with the API (wire types, error codes, shared rules).
  resolve: { alias: { '@tabour/contracts': fileURLToPath(new URL('../../libs/contracts/src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
  },
  server: {
    // The API's bases; /kiosk and /display are also pages of this app, so a page load
    // (Accept: text/html) stays here and only API calls go to the server.
    proxy: Object.fromEntries(
      ['/business', '/broadcast', '/user', '/kiosk', '/display'].map((base) => [
        base,
        {
          target: 'http://localhost:3000',
          bypass: (req: { headers: { accept?: string } }) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
        },
      ]),
    ),
  },
});
