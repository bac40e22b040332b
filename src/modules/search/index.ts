/** What other contexts (and the roots) may use of search. */
export { SearchModule } from './search.module';
export { SearchCarsUseCase } from './application/search-cars.use-case';
