import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a fridge keeps across power cycles: its boot counter. The server rejects messages of
 * an older boot, so a simulator restarted with boot 0 would be ignored until it caught up.
 */
export interface Flash {
  /** Counts one more power-on and answers its boot number (0 for the very first). */
  nextBoot(serial: string): number;
}

export class MemoryFlash implements Flash {
  private readonly boots = new Map<string, number>();

  nextBoot(serial: string): number {
    const boot = (this.boots.get(serial) ?? -1) + 1;
    this.boots.set(serial, boot);
    return boot;
  }
}

const ZFlashFile = z.record(z.string(), z.object({ boot: z.int().min(0) }));

/** One JSON file for the whole fleet, rewritten at every power-on (before the fridge connects). */
export class FileFlash implements Flash {
  private readonly state: Record<string, { boot: number }>;

  constructor(private readonly file: string) {
    this.state = fs.existsSync(file) ? ZFlashFile.catch({}).parse(readJson(file)) : {};
  }

  nextBoot(serial: string): number {
    const boot = (this.state[serial]?.boot ?? -1) + 1;
    this.state[serial] = { boot };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(this.state));
    fs.renameSync(temporary, this.file);
    return boot;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}
