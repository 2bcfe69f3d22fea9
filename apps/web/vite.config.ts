/// <reference types="vitest/config" />

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CORE_TEXTS } from './src/locales/core-texts';

/**
 * The core texts of one language (`CORE_TEXTS`, src/locales/core-texts.ts) travel together, one
 * request per language; a feature's own text file is a chunk of its own, fetched with its screens.
 */
const LOCALE_FILE = /\/src\/locales\/(\w+)\/([\w-]+)\.json$/;

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
                const [, language, file] = LOCALE_FILE.exec(id) ?? [];
                if (!language || !file) return null;
                return (CORE_TEXTS as readonly string[]).includes(file)
                  ? `locale-core-${language}`
                  : `locale-${language}-${file}`;
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
  // The unit tests are of functions that keep no module state (a stubbed global is unstubbed
  // after its test), so the files share one module graph: 11 -> 4 s of CPU, most of it imports.
  test: { environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
