import { QueryRunner } from 'typeorm';
import { ModelFamilyResolver } from '../../libs/common/vehicle/model-family';

/**
 * Shared by the two dialects' InventoryModelFamily migrations: each stored car's model family, as
 * an upload resolves it (the catalog's models, the dealership's own trims), one UPDATE per distinct
 * model of a dealership.
 */
export async function backfillModelFamilies(q: QueryRunner): Promise<void> {
  const catalog: { manufacturer: string; model: string }[] = await q.query(
    'SELECT DISTINCT m.name AS manufacturer, c.model AS model FROM catalog_models c JOIN catalog_manufacturers m ON m.id = c.manufacturer_id',
  );
  const dealers: { dealer_id: string }[] = await q.query('SELECT DISTINCT dealer_id FROM inventory_cars WHERE model_family IS NULL AND model IS NOT NULL');
  for (const { dealer_id: dealerId } of dealers) {
    const families = new ModelFamilyResolver(catalog);
    // qualified: TRIM is also a function's name
    const trims: { trim_text: string }[] = await q.query(
      'SELECT DISTINCT inventory_cars.trim AS trim_text FROM inventory_cars WHERE dealer_id = ? AND inventory_cars.trim IS NOT NULL',
      [dealerId],
    );
    for (const { trim_text: trim } of trims) families.noteTrim(trim);
    const models: { manufacturer: string; model: string }[] = await q.query(
      'SELECT DISTINCT manufacturer, model FROM inventory_cars WHERE dealer_id = ? AND manufacturer IS NOT NULL AND model IS NOT NULL AND model_family IS NULL ORDER BY model',
      [dealerId],
    );
    for (const { manufacturer, model } of models) {
      const family = families.familyOf(manufacturer, model);
      if (family !== null) {
        await q.query('UPDATE inventory_cars SET model_family = ? WHERE dealer_id = ? AND manufacturer = ? AND model = ?', [family, dealerId, manufacturer, model]);
      }
    }
  }
}
