import * as fs from 'node:fs';
import * as path from 'node:path';

/** Debian's Chromium for the browser suites (playwright-core downloads none): CHROMIUM_PATH, else `chromium` on PATH. */
export function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'chromium');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}
