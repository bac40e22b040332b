import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
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
  ) {}

  private get credentialsFile(): string {
    return path.join(this.config.dataDir, 'demo-credentials.json');
  }

  /** On start: create the demo on first run, else reuse the credentials saved then. */
  async ensureDemo(): Promise<DemoResult> {
    const saved = this.readSaved();
    if (saved && (await this.dealerships.execute(DEMO_DEALER.id))) return { ...saved, created: false, seeded: {} };
    // First start, or the saved credentials are gone: seed() creates the demo or rotates its credentials.
    return this.seed();
  }

  /** `demo seed`: creates and fills the demo dealership, or issues fresh credentials when it exists. */
  async seed(): Promise<DemoResult> {
    if (await this.dealerships.execute(DEMO_DEALER.id)) {
      return this.save({ ...(await this.credentials.rotate(DEMO_DEALER.id)), created: false, seeded: {} });
    }
    const issued = await this.createDealer.execute(DEMO_DEALER);
    await this.configureDealer.execute(DEMO_DEALER.id, demoProfile());
    const seeded: Record<string, unknown> = {};
    for (const seeder of this.seeders.all()) {
      seeded[seeder.name] = await seeder.seed(DEMO_DEALER.id);
      this.logger.log(`demo seed: ${seeder.name} done`);
    }
    return this.save({ ...issued, created: true, seeded });
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
