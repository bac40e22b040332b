import { Module } from '@nestjs/common';
import { ConversationsModule } from '../modules/conversations';
import { DealershipModule } from '../modules/dealership';
import { InventoryModule } from '../modules/inventory';
import { DemoSetup } from './demo-setup';

/** `demo seed` and the demo at start: the dealership, then every context's seeder (those contexts are imported so theirs register). */
@Module({
  imports: [DealershipModule, InventoryModule, ConversationsModule],
  providers: [DemoSetup],
  exports: [DemoSetup],
})
export class DemoModule {}
