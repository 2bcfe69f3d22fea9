import type { Config } from './config.js';
import type { DemoLogin } from './demo/seed.js';

/** How the operator makes the first administrator of an empty database (src/create-admin.ts). */
export const CREATE_ADMIN_COMMAND = 'npm run create-admin -- --email you@example.com --name "Your Name"';

/**
 * What a start prints on the console, once, above the log: where the panel is, on
 * which database and broker, the demo logins, and what to look at before relying on this
 * server. Requests are logged at `debug`, so this stays readable while the panel is used.
 */
export function startSummary(options: {
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'host' | 'logLevel' | 'secretKey' | 'mqtt'>;
  databaseKind: 'pglite' | 'postgres';
  /** The embedded broker's port; null with an external broker (or none). */
  brokerPort: number | null;
  /** The demo was seeded by this start. */
  seeded: boolean;
  /** The demo logins (seeded now or before); empty on a database that is not the demo's. */
  logins: DemoLogin[];
  /** The demo fleet's virtual fridges run beside the server. */
  simulator: boolean;
  /** The database has no user yet (a production start seeds none): say how to make the first administrator. */
  needsAdmin?: boolean;
  /** With SEED=off: the demo's accounts, with their public passwords, still active in this database. */
  publicDemoLogins?: string[];
}): string {
  const { config, databaseKind, brokerPort, seeded, logins, simulator } = options;
  const isDemo = logins.length > 0;
  const database =
    databaseKind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const broker = config.mqtt.rabbitmq
    ? `RabbitMQ ${withoutCredentials(config.mqtt.rabbitmq.amqpUrl)} (devices at its MQTT listener)`
    : config.mqtt.url
      ? `MQTT broker ${config.mqtt.url}`
      : `embedded MQTT broker on port ${brokerPort ?? config.mqtt.port}`;
  const lines = [
    `Vitrina is running at ${config.publicUrl}`,
    `  Database  ${database}${seeded ? ' (demo data seeded on this first start)' : ''}`,
    `  Devices   ${broker}${simulator ? ', with the demo fleet of virtual fridges' : ''}`,
    `  API docs  ${config.publicUrl}/docs`,
    `  Log       JSON lines at level ${config.logLevel}; one line per request only at debug (LOG_LEVEL=debug)`,
  ];
  if (isDemo) {
    lines.push('', 'Demo logins (email / password):');
    const width = Math.max(...logins.map((login) => `${login.email} / ${login.password}`.length));
    for (const login of logins)
      lines.push(`  ${`${login.email} / ${login.password}`.padEnd(width)}   ${login.role}, ${login.organization}`);
  }
  if (options.needsAdmin)
    lines.push(
      '',
      'No administrator yet. Make the first one, with a password you choose (asked, never printed):',
      `  ${CREATE_ADMIN_COMMAND}`,
    );
  const warnings = startWarnings({ config, databaseKind, isDemo });
  if (options.publicDemoLogins?.length)
    warnings.unshift(
      `This database still has the demo's accounts, whose passwords are public: ${options.publicDemoLogins.join(', ')}. Deactivate them or change their passwords.`,
    );
  if (warnings.length > 0) lines.push('', 'Warnings:', ...warnings.map((warning) => `  ! ${warning}`));
  return `\n${lines.join('\n')}\n\n`;
}

/** What someone starting this server should know before relying on it. */
export function startWarnings(options: {
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'host' | 'secretKey'>;
  databaseKind: 'pglite' | 'postgres';
  isDemo: boolean;
}): string[] {
  const { config, databaseKind, isDemo } = options;
  const warnings: string[] = [];
  const everyInterface = config.host === '0.0.0.0' || config.host === '::';
  if (isDemo) {
    if (everyInterface)
      warnings.push(
        `The demo's passwords are public and it listens on every network interface (HOST=${config.host}): HOST=127.0.0.1 keeps it on this machine.`,
      );
    warnings.push(
      'Demo: a customer sign-in code is printed in this log, as there is no mail server (other mail stays in the outbox table). A server started with SEED=off never prints one.',
    );
    return warnings;
  }
  if (databaseKind === 'pglite')
    warnings.push(
      'The embedded database does not fsync: a power loss can lose recent writes. For production set DATABASE_URL (PostgreSQL).',
    );
  if (databaseKind === 'pglite' && !config.secretKey)
    warnings.push(
      `Stored payment credentials are encrypted with ${config.dataDir}/secret.key: back it up apart from the database.`,
    );
  if (/^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(config.publicUrl))
    warnings.push(`PUBLIC_URL is not set: links in mail point to ${config.publicUrl}.`);
  return warnings;
}

/** A broker's address as it may be printed: its user and password dropped. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}
