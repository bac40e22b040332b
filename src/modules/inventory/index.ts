/** What other contexts (and the roots) may use of inventory. */
export { InventoryModule } from './inventory.module';
