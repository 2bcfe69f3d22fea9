import { describe, expect, it } from 'vitest';
import { CREATE_ADMIN_COMMAND, startSummary } from '../../src/start-summary.js';

/** Issue 25: what `npm start` prints once, above the log. */
const config = {
  publicUrl: 'http://localhost:8080',
  dataDir: '/srv/vitrina/data',
  host: '0.0.0.0',
  logLevel: 'info' as const,
  secretKey: undefined,
  mqtt: { port: 1883, host: '0.0.0.0' },
};
const logins = [
  { email: 'admin@vitrina.local', password: 'admin12345', role: 'Platform admin', organization: 'Vitrina Demo' },
];

describe('the start-up summary', () => {
  it('says where, on what, the demo logins and the demo’s warnings', () => {
    const text = startSummary({
      config,
      databaseKind: 'pglite',
      brokerPort: 1883,
      seeded: true,
      logins,
      simulator: true,
    });
    expect(text).toContain('Vitrina is running at http://localhost:8080');
    expect(text).toContain('embedded PostgreSQL (PGlite) in /srv/vitrina/data (demo data seeded on this first start)');
    expect(text).toContain('embedded MQTT broker on port 1883, with the demo fleet of virtual fridges');
    expect(text).toContain('admin@vitrina.local / admin12345   Platform admin, Vitrina Demo');
    expect(text).toContain('HOST=127.0.0.1 keeps it on this machine');
    expect(text).toContain('sign-in code is printed in this log');
    expect(text).not.toContain('fsync');
  });

  it('warns a server that is not the demo about durability, its key and its links, and prints no logins', () => {
    const text = startSummary({
      config,
      databaseKind: 'pglite',
      brokerPort: 1883,
      seeded: false,
      logins: [],
      simulator: false,
    });
    expect(text).not.toContain('Demo logins');
    expect(text).not.toContain('sign-in code');
    expect(text).toContain('does not fsync');
    expect(text).toContain('/srv/vitrina/data/secret.key');
    expect(text).toContain('PUBLIC_URL is not set');
    const configured = startSummary({
      config: { ...config, publicUrl: 'https://panel.example.com', secretKey: 'k'.repeat(40) },
      databaseKind: 'postgres',
      brokerPort: null,
      seeded: false,
      logins: [],
      simulator: false,
    });
    expect(configured).toContain('PostgreSQL (DATABASE_URL)');
    expect(configured).not.toContain('Warnings');
  });

  it('on a database with no user, says how to make the first administrator, once', () => {
    const options = {
      config: { ...config, secretKey: 'k'.repeat(40) },
      databaseKind: 'postgres' as const,
      brokerPort: 1883,
      seeded: false,
      logins: [],
      simulator: false,
    };
    const empty = startSummary({ ...options, needsAdmin: true });
    expect(empty.split(CREATE_ADMIN_COMMAND)).toHaveLength(2);
    expect(empty).toContain('a password you choose');
    expect(empty).not.toContain('Demo logins');
    expect(startSummary(options)).not.toContain(CREATE_ADMIN_COMMAND);
  });

  it('warns a server that is not the demo about the demo accounts left in its database', () => {
    const text = startSummary({
      config,
      databaseKind: 'postgres',
      brokerPort: null,
      seeded: false,
      logins: [],
      simulator: false,
      publicDemoLogins: ['admin@vitrina.local', 'operator@vitrina.local'],
    });
    expect(text).toContain(
      "the demo's accounts, whose passwords are public: admin@vitrina.local, operator@vitrina.local",
    );
    expect(text).not.toContain('Demo logins');
  });
});
