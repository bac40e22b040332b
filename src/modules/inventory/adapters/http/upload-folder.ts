import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../../../config/app-config';

/** Where uploads are spooled: a folder of the service's own under DATA_DIR, so what a crash left there can be found. */
export function uploadFolder(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** A spool file untouched this long belongs to no upload in progress (they are written, read and removed within minutes). */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** Removes the spool files older than `ABANDONED_AFTER_MS`; returns their names. */
function sweepUploadFolder(folder: string, now: number): string[] {
  fs.mkdirSync(folder, { recursive: true });
  const removed: string[] = [];
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && now - stat.mtimeMs > ABANDONED_AFTER_MS) {
      fs.rmSync(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/**
 * Each request removes its own spool file however it ends (UploadCleanupInterceptor); a process
 * killed mid-upload cannot, so the API sweeps what such a crash left when it starts.
 */
@Injectable()
export class UploadFolderSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger('Uploads');

  constructor(private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    const removed = sweepUploadFolder(uploadFolder(this.config.dataDir), Date.now());
    if (removed.length > 0) this.logger.log(`removed ${removed.length} upload file(s) a crash left behind`);
  }
}
