import { SqlDialect } from './filter-to-sql';

/**
 * inventory_versions (migration 1763890000000): one counter per dealership that every replace and
 * delete of its cars increments in the same transaction, so a reader that remembers the number it
 * saw knows, by one primary-key read, whether the committed inventory is still the one it read
 * (search's snapshots, on any API instance). No row: 0.
 */
export function bumpInventoryVersionSql(dialect: SqlDialect): string {
  return dialect === 'mysql'
    ? 'INSERT INTO inventory_versions (dealer_id, version) VALUES (?, 1) ON DUPLICATE KEY UPDATE version = version + 1'
    : 'INSERT INTO inventory_versions (dealer_id, version) VALUES (?, 1) ON CONFLICT (dealer_id) DO UPDATE SET version = version + 1';
}

export const READ_INVENTORY_VERSION_SQL = 'SELECT version FROM inventory_versions WHERE dealer_id = ?';
