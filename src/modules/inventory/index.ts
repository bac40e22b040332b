/** What other contexts (and the roots) may use of inventory. */
export { InventoryModule } from './inventory.module';
export { FilterCarsUseCase, StockedNamesUseCase } from './application/filter-cars.use-case';
export { FindCarUseCase, InventoryStatisticsUseCase } from './application/find-car.use-case';
export { InventoryChanges } from './domain/inventory-changes';
export type { Car } from './domain/car';
