import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { CredentialStore } from '../../libs/common/auth/principal';
import { verifySecret } from '../../libs/common/auth/secret-hash';
import { DemoSeedRegistry } from '../../libs/common/seed/demo-seed.registry';
import { AppConfig } from '../config/app-config';
import {
  ConfigureDealerUseCase, CreateDealerUseCase, FindDealershipUseCase, IssuedDealerCredential, ManageCredentialsUseCase,
} from '../modules/dealership';
import { demoProfile } from './demo-profile';

const DEMO_DEALER = { id: 'demo-motors', name: 'Demo Motors', region: 'CA' };

export interface DemoResult extends IssuedDealerCredential {
  created: boolean;
  seeded: Record<string, unknown>;
}

/** What the credentials file held before it named its databases: one database's, not saying which. */
const UNNAMED = 'unnamed';

type SavedCredentials = Record<string, IssuedDealerCredential>;

/**
 * The database a start runs on, as the credentials file names it: the SQLite file's path, or the
 * MySQL URL without its password and options.
 */
function databaseKey(database: AppConfig['database']): string {
  if (database.kind === 'sqlite') return `sqlite:${path.resolve(database.file)}`;
  const url = new URL(database.url);
  return `mysql://${url.username ? `${url.username}@` : ''}${url.host}${url.pathname}`;
}

/**
 * The demo dealership: created and filled by every context's seeder; its credentials kept under
 * DATA_DIR, one entry per database, so that a start on another database (SQLite, then MySQL with
 * the same DATA_DIR) neither replaces nor invalidates the first one's.
 */
@Injectable()
export class DemoSetup {
  private readonly logger = new Logger(DemoSetup.name);

  constructor(
    private readonly config: AppConfig,
    private readonly dealerships: FindDealershipUseCase,
    private readonly createDealer: CreateDealerUseCase,
    private readonly configureDealer: ConfigureDealerUseCase,
    private readonly credentials: ManageCredentialsUseCase,
    private readonly seeders: DemoSeedRegistry,
    private readonly credentialStore: CredentialStore,
  ) {}

  private get credentialsFile(): string {
    return path.join(this.config.dataDir, 'demo-credentials.json');
  }

  /**
   * At start and for `demo seed`; idempotent: creates and fills the demo dealership on the first
   * run on a database and saves its credentials under DATA_DIR; later runs answer the saved ones
   * while they still open the API. Only when they do not (the entry is gone, or they were rotated or
   * revoked) are new ones issued, since a secret cannot be read back from its hash.
   */
  async ensureDemo(): Promise<DemoResult> {
    const key = databaseKey(this.config.database);
    if (!(await this.dealerships.execute(DEMO_DEALER.id))) return this.create(key);
    const saved = this.readSaved();
    for (const candidate of [saved[key], saved[UNNAMED]]) {
      if (candidate?.dealer_id === DEMO_DEALER.id && (await this.stillValid(candidate))) return this.save(key, { ...candidate, created: false, seeded: {} });
    }
    return this.save(key, { ...(await this.credentials.rotate(DEMO_DEALER.id)), created: false, seeded: {} });
  }

  private async create(key: string): Promise<DemoResult> {
    const issued = await this.createDealer.execute(DEMO_DEALER);
    await this.configureDealer.execute(DEMO_DEALER.id, demoProfile());
    const seeded: Record<string, unknown> = {};
    for (const seeder of this.seeders.all()) {
      seeded[seeder.name] = await seeder.seed(DEMO_DEALER.id);
      this.logger.debug(`demo seed: ${seeder.name} done`);
    }
    return this.save(key, { ...issued, created: true, seeded });
  }

  private async stillValid(saved: IssuedDealerCredential): Promise<boolean> {
    const stored = await this.credentialStore.findByUsername(saved.username);
    return Boolean(stored && stored.dealerId === DEMO_DEALER.id && (await verifySecret(saved.password, stored.secretHash)));
  }

  private readSaved(): SavedCredentials {
    try {
      const saved = JSON.parse(fs.readFileSync(this.credentialsFile, 'utf8')) as SavedCredentials;
      return 'dealer_id' in saved ? { [UNNAMED]: saved as unknown as IssuedDealerCredential } : saved;
    } catch {
      return {};
    }
  }

  /**
   * Writes this database's entry, read afresh beside the others' and written whole (a rename): a
   * reader never sees half a file. Two processes on different databases starting at the same moment
   * with one DATA_DIR could still each write over the other's new entry (the quick start runs one).
   */
  private save(key: string, result: DemoResult): DemoResult {
    fs.mkdirSync(this.config.dataDir, { recursive: true });
    const { dealer_id, username, password } = result;
    const { [UNNAMED]: unnamed, ...named } = this.readSaved();
    // The unnamed entry, once it proved to be this database's, is named; else it stays for the database it was.
    const kept = unnamed && unnamed.username !== username ? { [UNNAMED]: unnamed } : {};
    const temporary = `${this.credentialsFile}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify({ ...kept, ...named, [key]: { dealer_id, username, password } }, null, 2) + '\n', { mode: 0o600 });
    fs.renameSync(temporary, this.credentialsFile);
    return result;
  }
}
