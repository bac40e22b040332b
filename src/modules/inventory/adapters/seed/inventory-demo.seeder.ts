import * as path from 'node:path';
import { Injectable } from '@nestjs/common';
import { DemoSeeder } from '../../../../../libs/common/seed/demo-seed.registry';
import { ReplaceInventoryUseCase } from '../../application/replace-inventory.use-case';
import { CsvCarFeed } from '../feeds/csv-car-feed';
import { JsonCarFeed } from '../feeds/json-car-feed';

/** Shipped with the code (copied to dist by nest-cli assets); see seed/README.md for their origin. */
const INVENTORY_SEED_DIR = path.resolve(__dirname, '../../seed');

/** `demo seed`: a realistic inventory, loaded through the same replace use case as the uploads. */
@Injectable()
export class InventoryDemoSeeder implements DemoSeeder {
  readonly name = 'inventory';

  constructor(private readonly replaceInventory: ReplaceInventoryUseCase) {}

  async seed(dealerId: string): Promise<Record<string, unknown>> {
    const used = await this.replaceInventory.execute(dealerId, 'used', new CsvCarFeed(path.join(INVENTORY_SEED_DIR, 'used-cars.seed.csv'), ',', null));
    const fresh = await this.replaceInventory.execute(dealerId, 'new', new JsonCarFeed(path.join(INVENTORY_SEED_DIR, 'new-cars.seed.json')));
    return {
      used_cars: used.num_inserts,
      new_cars: fresh.num_inserts,
      refused_rows: used.num_failed_inserts + fresh.num_failed_inserts,
    };
  }
}
