/** What other contexts (and the roots) may use of inventory. */
export { InventoryModule } from './inventory.module';
export { SearchCarsUseCase } from './application/search-cars.use-case';
export { FindCarUseCase, InventoryStatisticsUseCase } from './application/find-car.use-case';
export type { Car } from './domain/car';
