import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { createLocalStorage } from '../../src/lib/storage.js';
import { cloneTemplate } from '../template-database.js';

let database: Database;
let dir: string;
const apps: App[] = [];

/** A panel build stand-in and a stored file are all these tests need; no demo data. */
async function appAt(publicUrl: string) {
  const app = await buildApp({
    database,
    config: { publicUrl, webDist: path.join(dir, 'web'), dataDir: dir },
    storage: createLocalStorage(path.join(dir, 'files')),
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  // A copy of the migrated template: migrating a database of its own took most of this file's time.
  database = await cloneTemplate(inject('template'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-headers-'));
  fs.mkdirSync(path.join(dir, 'web'));
  fs.writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><div id="root"></div>');
  await createLocalStorage(path.join(dir, 'files')).put('dataset/abcdefghijklmnopqrst.png', Buffer.from('<html>'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('browser protections', () => {
  it('the panel, the API and the docs answer with a CSP, no framing, nosniff and no Referer', async () => {
    const app = await appAt('http://panel.test');
    for (const url of ['/login', '/registration/secret-token', '/v1/user/me', '/v1/nope', '/docs', '/healthz']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      // Scripts from this origin and Stripe.js only (the card forms load it for Stripe).
      expect(csp, url).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain("'unsafe-eval'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('adds HSTS only when the public URL is HTTPS', async () => {
    const app = await appAt('https://panel.example.com');
    const response = await app.inject({ method: 'GET', url: '/login' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('serves uploaded files as data: their own type, nosniff, sandboxed, never as a page', async () => {
    const app = await appAt('http://panel.test');
    const response = await app.inject({ method: 'GET', url: '/files/dataset/abcdefghijklmnopqrst.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
  });
});
