import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { isMessageKey, translate, ZFirstAdmin } from '@vitrina/contract';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createFirstAdmin } from './modules/users/index.js';

/**
 * `npm run create-admin -- --email you@example.com --name "Your Name" [--organization "…"]`:
 * the first platform administrator of an empty database (a production start seeds nothing and
 * makes no default password). The password is asked twice on a terminal, unechoed,
 * or read as the first line of standard input (`… < password.txt`); it is never an argument,
 * where the shell history and `ps` would keep it.
 */
async function createAdmin() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      organization: { type: 'string', default: 'Main organization' },
    },
  });
  const password = process.stdin.isTTY ? await askTwice() : await firstLine();
  const parsed = ZFirstAdmin.safeParse({ ...values, password });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `--${issue.path.join('.')}: ${isMessageKey(issue.message) ? translate(issue.message, 'en') : issue.message}`,
    );
    throw new Error(`Cannot create the administrator:\n  ${problems.join('\n  ')}`);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, instances: 1 });
  try {
    await database.migrate();
    await createFirstAdmin(database.db, parsed.data);
  } finally {
    await database.close();
  }
  process.stdout.write(`Administrator ${parsed.data.email} created: sign in at ${config.publicUrl}\n`);
}

async function firstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function askTwice(): Promise<string> {
  const password = await askHidden('Password: ');
  if ((await askHidden('Password again: ')) !== password) throw new Error('The passwords differ.');
  return password;
}

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          done();
          stdout.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          done();
          reject(new Error('Cancelled.'));
          return;
        }
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on('data', onData);
  });
}

createAdmin().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
