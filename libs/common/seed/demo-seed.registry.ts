import { Injectable } from '@nestjs/common';

/** A bounded context's contribution to `demo seed` (inventory, conversations, ...). */
export interface DemoSeeder {
  name: string;
  /** Runs after the demo dealership exists; must be idempotent-safe to call on an empty dealership. */
  seed(dealerId: string): Promise<Record<string, unknown>>;
}

/** Contexts register their seeders at module init; `demo seed` runs them all in order. */
@Injectable()
export class DemoSeedRegistry {
  private readonly seeders: DemoSeeder[] = [];

  register(seeder: DemoSeeder): void {
    this.seeders.push(seeder);
  }

  all(): readonly DemoSeeder[] {
    return this.seeders;
  }
}
