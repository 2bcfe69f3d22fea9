import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this file to the package.json named
 * `@vitrina/server`: the same answer whether the server runs from its sources (`src/`, tsx)
 * or from the build (`dist/`, one bundled file), where a path relative to the file would not be.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@vitrina/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the @vitrina/server package folder was not found above the server code');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
/** The repository's root: `npm start` runs from apps/server, but `./data` means the root's. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** The SQL migrations: read at start-up from the sources, also by the build. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');
/** The panel's build, served by the server. */
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** Whether this process runs the build (`dist/`) rather than the sources. */
export const IS_BUILT = !fileURLToPath(import.meta.url).startsWith(path.join(SERVER_ROOT, 'src') + path.sep);
