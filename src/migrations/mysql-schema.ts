import { QueryRunner } from 'typeorm';

/*
 * What a MySQL schema already has, for migrations that must run again after failing part-way:
 * MySQL commits each DDL statement at once, so a migration stopped between two statements (a
 * kill, a lost connection, a failed data step) leaves the first applied and nothing recorded, and
 * the next deploy runs it from the start. (MariaDB's ADD COLUMN IF NOT EXISTS and CREATE INDEX IF
 * NOT EXISTS are not MySQL's; CREATE TABLE IF NOT EXISTS is both's.)
 */

export async function hasColumn(q: QueryRunner, table: string, column: string): Promise<boolean> {
  const [{ n }] = await q.query(
    'SELECT COUNT(*) AS n FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLUMN_NAME = ?',
    [table, column],
  );
  return Number(n) > 0;
}

export async function hasIndex(q: QueryRunner, table: string, index: string): Promise<boolean> {
  const [{ n }] = await q.query(
    'SELECT COUNT(*) AS n FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME = ?',
    [table, index],
  );
  return Number(n) > 0;
}
