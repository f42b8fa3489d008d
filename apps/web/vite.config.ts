import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes `.br` and `.gz` beside every hashed script and style sheet, at the strongest settings
 * (done once per build, not per request); the API sends them to browsers that accept them
 * (apps/api/src/common/web-assets.ts). A copy that would not save is not written.
 */
function precompress(): Plugin {
  return {
    name: 'tabour-precompress',
    apply: 'build',
    // After the files are written, and only when the build succeeded.
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!name.startsWith('assets/') || !/\.(js|css|svg|json)$/.test(name)) continue;
        const file = join(options.dir!, name);
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
        const gz = gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/** A language's back-office texts: every namespace but those a visitor's page reads (ra, app), which stay files of their own. */
const TEXTS = /[\\/]i18n[\\/]catalogues[\\/]([a-z]{2})[\\/](?!ra\.ts$|app\.ts$|index\.ts$)[a-z-]+\.ts$/;

/**
 * Fewer files at start. Left to itself the bundler splits the modules the entry imports into one
 * chunk per set of importers (eighteen files preloaded with /login), and a language's texts into
 * one file per namespace (thirteen for the back-office); the browser asks for each over six
 * HTTP/1.1 connections, and on a page that loads sixty files the queue of requests, not the bytes,
 * holds the first screen. Grouped: what the entry imports statically, with the entry (the
 * bundler's `$initial`: exactly what /login preloads, so /login gets no module more), and each
 * language's back-office texts in one file. The back-office's own start is not grouped: its
 * modules reach the visitor's lazy pages (the register page, react-admin's English texts)
 * through react-admin's index, and a group of them would bring the back-office to /login.
 */
const START_GROUPS = [
  { name: 'initial', tags: ['$initial' as const], includeDependenciesRecursively: false, priority: 2 },
  { name: (id: string) => (TEXTS.exec(id) ? `texts-${TEXTS.exec(id)![1]}` : null), test: TEXTS, includeDependenciesRecursively: false, priority: 1 },
];

// Served by the API on the same port: absolute asset paths, API calls same-origin.
export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  // The browser-safe contract library shared with the API (wire types, error codes, shared rules).
  resolve: { alias: { '@tabour/contracts': fileURLToPath(new URL('../../libs/contracts/src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    // Every browser the app supports preloads modules natively: the polyfill is dead weight on /login.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contracts are declarations and pure functions: a module none of whose exports a page
      // uses is left out whole (the API's schemas and their validator never reach the browser).
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/contracts/src/') },
      output: { codeSplitting: { groups: START_GROUPS } },
    },
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
