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

/** The demo dealership: created and filled by every context's seeder; its credentials kept under DATA_DIR. */
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
   * run and saves its credentials under DATA_DIR; later runs answer the saved ones while they still
   * open the API. Only when they do not (the file is gone, or they were rotated or revoked) are new
   * ones issued, since a secret cannot be read back from its hash.
   */
  async ensureDemo(): Promise<DemoResult> {
    if (!(await this.dealerships.execute(DEMO_DEALER.id))) return this.create();
    const saved = this.readSaved();
    if (saved && (await this.stillValid(saved))) return { ...saved, created: false, seeded: {} };
    return this.save({ ...(await this.credentials.rotate(DEMO_DEALER.id)), created: false, seeded: {} });
  }

  private async create(): Promise<DemoResult> {
    const issued = await this.createDealer.execute(DEMO_DEALER);
    await this.configureDealer.execute(DEMO_DEALER.id, demoProfile());
    const seeded: Record<string, unknown> = {};
    for (const seeder of this.seeders.all()) {
      seeded[seeder.name] = await seeder.seed(DEMO_DEALER.id);
      this.logger.debug(`demo seed: ${seeder.name} done`);
    }
    return this.save({ ...issued, created: true, seeded });
  }

  private async stillValid(saved: IssuedDealerCredential): Promise<boolean> {
    const stored = await this.credentialStore.findByUsername(saved.username);
    return Boolean(stored && stored.dealerId === DEMO_DEALER.id && (await verifySecret(saved.password, stored.secretHash)));
  }

  private readSaved(): IssuedDealerCredential | null {
    try {
      const saved = JSON.parse(fs.readFileSync(this.credentialsFile, 'utf8')) as IssuedDealerCredential;
      return saved.dealer_id === DEMO_DEALER.id ? saved : null;
    } catch {
      return null;
    }
  }

  private save(result: DemoResult): DemoResult {
    fs.mkdirSync(this.config.dataDir, { recursive: true });
    const { dealer_id, username, password } = result;
    fs.writeFileSync(this.credentialsFile, JSON.stringify({ dealer_id, username, password }, null, 2) + '\n', { mode: 0o600 });
    return result;
  }
}
