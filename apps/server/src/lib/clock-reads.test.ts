import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 26: every rule that depends on time (expiry, windows, schedules, "overdue", report
 * periods) asks the context's clock (lib/clock.ts, DESIGN §8), so tests move a TestClock
 * instead of sleeping. Biome cannot say "`Date.now()` but not `new Date(x)`" (its
 * `noRestrictedGlobals` refuses the whole `Date`), so this test reads the sources instead:
 * a real-clock read in modules, plugins or lib fails it unless the list below names it
 * with its reason. `lib/clock.ts`, where the system clock lives, is the one file not read.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const ROOTS = ['modules', 'plugins', 'lib'];
const CLOCK_FILE = 'lib/clock.ts';

/** `Date.now` called or passed, `new Date()` without an argument, timers of the process, SQL's clock. */
const REAL_CLOCK_READS = [
  /\bDate\.now\b/,
  /\bnew Date\(\s*\)/,
  /\bperformance\.now\b/,
  /\bhrtime\b/,
  /(?<![.\w])now\(\)/,
  /\b(current_timestamp|current_date|current_time|localtimestamp)\b/i,
  /\b(clock|statement|transaction)_timestamp\(/i,
];

type Allowed = { file: string; text: string; why: string };

/** Each entry allows exactly one line of its file that contains `text`. */
const ALLOWED: Allowed[] = [
  {
    file: 'modules/push/fcm-provider.ts',
    text: 'const now = options.now ?? Date.now;',
    why: 'FCM access token: its iat/exp and expiry are judged by Google on the real clock (docs/decisions/068-one-clock-for-every-rule.md)',
  },
  {
    file: 'modules/push/fcm-provider.ts',
    text: "retryAfterMs(response.headers.get('retry-after'), now())",
    why: 'the FCM clock above: a Retry-After date is Google’s real time',
  },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function isComment(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith('*') || trimmed.startsWith('//') || trimmed.startsWith('/*');
}

function readsRealClock(line: string): boolean {
  return !isComment(line) && REAL_CLOCK_READS.some((pattern) => pattern.test(line));
}

type Read = { file: string; line: number; text: string };

function realClockReads(): Read[] {
  return ROOTS.flatMap((root) => sourceFiles(path.join(SRC, root)))
    .map((full) => ({ full, file: path.relative(SRC, full).split(path.sep).join('/') }))
    .filter(({ file }) => file !== CLOCK_FILE)
    .flatMap(({ full, file }) =>
      fs
        .readFileSync(full, 'utf8')
        .split('\n')
        .flatMap((text, index) => (readsRealClock(text) ? [{ file, line: index + 1, text: text.trim() }] : [])),
    );
}

describe('reads of the real clock', () => {
  it('are found: calls and references, not dates made from a value', () => {
    for (const line of [
      'const at = Date.now();',
      'now: () => number = Date.now,',
      '.set({ updatedAt: new Date() })',
      'const since = new Date(Date.now() - WINDOW_MS);',
      'const started = performance.now();',
      'where active_to > now()',
      'sql`created_at > CURRENT_TIMESTAMP`',
    ]) {
      expect(readsRealClock(line), line).toBe(true);
    }
    for (const line of [
      'const at = ctx.clock.now();',
      'const ms = this.clock.nowMs();',
      'new Date(row.createdAt)',
      'new Date(now.getTime() + ttlMs)',
      'Date.parse(header)',
      '// Date.now() is not read here',
    ]) {
      expect(readsRealClock(line), line).toBe(false);
    }
  });

  it('appear in modules, plugins and lib only where the list allows them, with its reason', () => {
    const reads = realClockReads();
    const refused = reads.filter(
      (read) => !ALLOWED.some((allowed) => allowed.file === read.file && read.text.includes(allowed.text)),
    );
    expect(refused.map((read) => `${read.file}:${read.line}: ${read.text} (ask ctx.clock)`)).toEqual([]);
    // Each entry still names exactly one read: a stale or widened entry fails too.
    for (const allowed of ALLOWED) {
      const matched = reads.filter((read) => read.file === allowed.file && read.text.includes(allowed.text));
      expect(matched.length, `${allowed.file}: ${allowed.text}`).toBe(1);
    }
  });
});
