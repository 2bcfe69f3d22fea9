/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `src/locales/<lng>/*.json` of one language travel together: one request per language. */
const LOCALE_FILE = /\/src\/locales\/(\w+)\/[\w-]+\.json$/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets bench/bundle.ts follow each screen's chunks the way the browser does.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id: string) => {
                const language = LOCALE_FILE.exec(id)?.[1];
                return language ? `locale-${language}` : null;
              },
            },
            // What index.html loads before anything renders, in one chunk rather than the
            // two dozen small ones the split into shared pieces made: fewer requests, and
            // gzip compresses the whole better than the parts.
            { name: 'initial', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
