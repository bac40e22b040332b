import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Request } from 'express';
import { diskStorage, StorageEngine } from 'multer';
import { AppConfig } from '../../../../config/app-config';

/** Where uploads are spooled: a folder of the service's own under DATA_DIR, so what a crash left there can be found. */
export function uploadFolder(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * The upload files this process's requests still need (spooled, staged, being read, however long
 * their handling takes): their modification time is kept fresh, so that no sweep, this process's or
 * another's sharing DATA_DIR, takes them for abandoned.
 */
@Injectable()
export class OwnedUploadFiles {
  private readonly files = new Set<string>();

  own(file: string): void {
    this.files.add(file);
  }

  release(file: string): void {
    this.files.delete(file);
  }

  owns(file: string): boolean {
    return this.files.has(file);
  }

  /** Marks every owned file as touched now; one not created yet or already removed is skipped. */
  async touch(): Promise<void> {
    const now = new Date();
    await Promise.all([...this.files].map((file) => fs.promises.utimes(file, now, now).catch(() => undefined)));
  }
}

/**
 * Multer's disk storage in the upload folder, owning each file from the moment it is named until
 * multer removes it or gives up on it (a cut request); once stored, UploadCleanupInterceptor
 * removes it and releases it when the request is over.
 */
export function ownedUploadStorage(folder: string, owned: OwnedUploadFiles): StorageEngine {
  const named = new WeakMap<Express.Multer.File, string>();
  const disk = diskStorage({
    destination: folder,
    filename: (_req, file, done) => {
      const spooled = path.join(folder, `inventory-upload-${randomUUID()}`);
      named.set(file, spooled);
      owned.own(spooled);
      done(null, path.basename(spooled));
    },
  });
  return {
    _handleFile(req: Request, file: Express.Multer.File, done: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
      disk._handleFile(req, file, (error?: unknown, info?: Partial<Express.Multer.File>) => {
        // Multer removes a file it gave up on when it can; what it leaves is the sweep's.
        const spooled = named.get(file);
        if (error && spooled) owned.release(spooled);
        done(error, info);
      });
    },
    _removeFile(req: Request, file: Express.Multer.File, done: (error: Error | null) => void): void {
      const stored = file.path;
      disk._removeFile(req, file, (error) => {
        owned.release(stored);
        done(error);
      });
    },
  };
}

/**
 * Owned files are touched at least this often, whatever this process's REQUEST_TIMEOUT_S: another API
 * process sharing DATA_DIR may sweep with a shorter one (REQUEST_TIMEOUT_S >= 3 s is safe).
 */
const OWNED_TOUCH_INTERVAL_MS = 1_500;

/** Removes the files of `folder` untouched for `abandonedAfterMs` that this process does not own; returns their names. */
async function sweepUploadFolder(folder: string, abandonedAfterMs: number, owned: OwnedUploadFiles): Promise<string[]> {
  await fs.promises.mkdir(folder, { recursive: true });
  const removed: string[] = [];
  for (const name of await fs.promises.readdir(folder)) {
    const file = path.join(folder, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && Date.now() - stat.mtimeMs > abandonedAfterMs && !owned.owns(file)) {
      await fs.promises.rm(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/**
 * Each request removes its own upload file however it ends; one no request owns any more (a
 * process killed mid-upload, a cut connection multer could not clean up) is removed at start and by
 * a sweep every UPLOAD_SWEEP_INTERVAL_S, once untouched for 2 x REQUEST_TIMEOUT_S (decisions.md
 * section 1): longer than a body may take to arrive, and owned files are touched four times as often.
 */
@Injectable()
class UploadFolderSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Uploads');
  private readonly folder: string;
  private readonly abandonedAfterMs: number;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly config: AppConfig,
    private readonly owned: OwnedUploadFiles,
  ) {
    this.folder = uploadFolder(config.dataDir);
    this.abandonedAfterMs = 2 * config.requestTimeoutMs;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    // Unref'd: neither keeps a process alive that is otherwise done.
    this.timers = [
      setInterval(() => void this.owned.touch(), Math.min(OWNED_TOUCH_INTERVAL_MS, this.abandonedAfterMs / 4)).unref(),
      setInterval(() => void this.sweep(), this.config.uploadSweepIntervalMs).unref(),
    ];
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  private async sweep(): Promise<void> {
    try {
      const removed = await sweepUploadFolder(this.folder, this.abandonedAfterMs, this.owned);
      if (removed.length > 0) this.logger.log(`removed ${removed.length} upload file(s) no request owns`);
    } catch (err) {
      // The next sweep tries again (a folder removed or unreadable for a while must not stop the process).
      this.logger.warn(`could not sweep ${this.folder}: ${(err as Error).message}`);
    }
  }
}

/** The owned files and their sweep: one instance shared by multer's storage, the requests and the SQLite store. */
@Module({ providers: [OwnedUploadFiles, UploadFolderSweeper], exports: [OwnedUploadFiles] })
export class UploadFolderModule {}
