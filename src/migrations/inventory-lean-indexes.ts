/**
 * Indexes of the first inventory migration that no query needs any more, with their columns (for
 * the way back). Every car written or deleted maintains each index of inventory_cars, so a
 * 200,000-car replace paid for four that searches no longer read: the covering search index (the
 * dealership, the deleted flag, type, manufacturer, model, year, price, ...) and the in-process
 * search snapshot serve make/model, price and year filters; nothing looks a car up by stock number.
 * What stays: the primary key, the listing order and the covering search indexes.
 */
export const RETIRED_INVENTORY_INDEXES: [name: string, columns: string][] = [
  ['idx_inventory_cars_make_model', 'dealer_id, manufacturer, model'],
  ['idx_inventory_cars_price', 'dealer_id, price'],
  ['idx_inventory_cars_year', 'dealer_id, year'],
  ['idx_inventory_cars_stock', 'dealer_id, stock_number'],
];
