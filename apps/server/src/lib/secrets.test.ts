import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, maskSecret, resolveSecretKey, SECRET_KEY_FILE, SecretDecryptError } from './secrets.js';

const KEY = 'k'.repeat(40);

describe('secret box', () => {
  it('round-trips a value and never stores the plain text or the same text twice', () => {
    const box = createSecretBox(KEY);
    const first = box.encrypt('sk_test_abcdef123456', 'payment-settings:1');
    const second = box.encrypt('sk_test_abcdef123456', 'payment-settings:1');
    expect(first).not.toContain('sk_test');
    expect(first).not.toBe(second);
    expect(box.decrypt(first, 'payment-settings:1')).toBe('sk_test_abcdef123456');
  });

  it('refuses another context, another key and a changed byte', () => {
    const box = createSecretBox(KEY);
    const stored = box.encrypt('secret value', 'payment-settings:1');
    expect(() => box.decrypt(stored, 'payment-settings:2')).toThrow(SecretDecryptError);
    expect(() => createSecretBox('x'.repeat(40)).decrypt(stored, 'payment-settings:1')).toThrow(SecretDecryptError);
    const parts = stored.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'payment-settings:1')).toThrow(SecretDecryptError);
    expect(() => box.decrypt('plain text', 'payment-settings:1')).toThrow(SecretDecryptError);
  });

  it('refuses a short key', () => {
    expect(() => createSecretBox('short')).toThrow(/at least 32/);
  });
});

describe('resolveSecretKey', () => {
  it('generates a key once into DATA_DIR on the embedded database and reads it back', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-secret-'));
    try {
      const first = resolveSecretKey({ secretKey: undefined, dataDir, databaseKind: 'pglite' });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(fs.statSync(path.join(dataDir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(resolveSecretKey({ secretKey: undefined, dataDir, databaseKind: 'pglite' })).toBe(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged key file rather than sealing with a new key', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-secret-'));
    try {
      fs.writeFileSync(path.join(dataDir, SECRET_KEY_FILE), 'short\n');
      expect(() => resolveSecretKey({ secretKey: undefined, dataDir, databaseKind: 'pglite' })).toThrow(
        /no usable key/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prefers SECRET_KEY and refuses to start on PostgreSQL without it', () => {
    expect(resolveSecretKey({ secretKey: KEY, dataDir: '/nonexistent', databaseKind: 'postgres' })).toBe(KEY);
    expect(() => resolveSecretKey({ secretKey: undefined, dataDir: '/nonexistent', databaseKind: 'postgres' })).toThrow(
      /SECRET_KEY is not set/,
    );
  });
});

describe('maskSecret', () => {
  it('shows only the last four characters, and nothing of a short value', () => {
    expect(maskSecret('sk_test_51Habcdef0123')).toBe('••••0123');
    expect(maskSecret('short')).toBe('••••');
  });
});
