/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:8080' },
  },
  // The manifest lets bench/bundle.ts follow each screen's chunks the way the browser does.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
