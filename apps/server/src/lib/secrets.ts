import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Credentials of outside services (payment providers, later fiscal, push, mail) encrypted at
 * rest with AES-256-GCM (DESIGN §8). The stored text is `v1.<iv>.<tag>.<ciphertext>`
 * (base64url): a fresh 96-bit IV per value, the 128-bit tag refusing any change. Every value
 * is bound to a context (e.g. `payment-settings:42`) as additional data, so a ciphertext
 * copied into another organisation's row does not decrypt there.
 */
export type SecretBox = {
  encrypt(plain: string, context: string): string;
  decrypt(stored: string, context: string): string;
};

/**
 * One outside service's credentials per organisation, stored as a sealed JSON object bound
 * to `<service>:<orgId>`: copied into another organisation's row, they do not open.
 */
export function sealedCredentials<T extends object>(box: SecretBox, service: string) {
  const context = (orgId: number) => `${service}:${orgId}`;
  return {
    context,
    open(orgId: number, sealed: string | null): T {
      return sealed ? (JSON.parse(box.decrypt(sealed, context(orgId))) as T) : ({} as T);
    },
    seal(orgId: number, credentials: T): string {
      return box.encrypt(JSON.stringify(credentials), context(orgId));
    },
  };
}

/** A SECRET_KEY shorter than this is refused: it would be guessable. */
export const SECRET_KEY_MIN_LENGTH = 32;
export const SECRET_KEY_FILE = 'secret.key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretDecryptError extends Error {
  constructor() {
    super('The stored secret cannot be decrypted: wrong SECRET_KEY, or the value was changed');
  }
}

export function createSecretBox(secretKey: string): SecretBox {
  if (secretKey.length < SECRET_KEY_MIN_LENGTH) {
    throw new Error(`SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters`);
  }
  // HKDF turns any long enough text (hex, base64, a passphrase) into exactly 256 bits.
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'vitrina', 'secrets-v1', 32));
  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored, context) {
      const [version, iv, tag, body, ...rest] = stored.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || rest.length > 0) {
        throw new SecretDecryptError();
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptError();
      }
    },
  };
}

/**
 * The key to use: SECRET_KEY when set. Unset on the embedded database, a random key is
 * generated once into DATA_DIR/secret.key (mode 0600) and read from there afterwards, so
 * `npm start` needs no set-up. Unset on PostgreSQL, start-up is refused: the database may
 * be shared by several instances and backed up apart from any one machine's folder, so a
 * key file beside one instance would be lost or differ between them.
 */
export function resolveSecretKey(options: {
  secretKey: string | undefined;
  dataDir: string;
  databaseKind: 'pglite' | 'postgres';
}): string {
  if (options.secretKey) return options.secretKey;
  if (options.databaseKind === 'postgres') {
    throw new Error(
      'SECRET_KEY is not set. On PostgreSQL (DATABASE_URL) set SECRET_KEY to a random text of at least 32 characters, the same on every instance (e.g. `openssl rand -base64 32`); it encrypts stored provider credentials.',
    );
  }
  const file = path.join(options.dataDir, SECRET_KEY_FILE);
  const stored = readKeyFile(file);
  if (stored !== null) return stored;
  fs.mkdirSync(options.dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  try {
    // `wx`: if two starts race, the second reads the first one's key instead of overwriting it.
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(file) ?? generated;
    throw error;
  }
  return generated;
}

function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (text.length < SECRET_KEY_MIN_LENGTH) {
    throw new Error(
      `${file} holds no usable key (at least ${SECRET_KEY_MIN_LENGTH} characters); restore it from a backup or set SECRET_KEY`,
    );
  }
  return text;
}

/** A secret for display: only its last four characters, and never all of a short one. */
export function maskSecret(value: string): string {
  const MASK = '••••';
  if (value.length < 12) return MASK;
  return `${MASK}${value.slice(-4)}`;
}
