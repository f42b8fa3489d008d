import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API on the same port: absolute asset paths, API calls same-origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
  },
  server: {
    proxy: { '/business': 'http://localhost:3000' },
  },
});
