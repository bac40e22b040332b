import { MigrationInterface, QueryRunner } from 'typeorm';
import { hasColumn } from '../mysql-schema';

/**
 * Partners get the list of partner endpoints their credentials open (decisions.md section 3). A
 * partner created before this opened every partner endpoint, and keeps doing so: which one it was
 * made for is not recorded. One statement, and skipped when done, so it can run again.
 */
export class PartnerEndpoints1795900000000 implements MigrationInterface {
  name = 'PartnerEndpoints1795900000000';

  async up(q: QueryRunner): Promise<void> {
    if (!(await hasColumn(q, 'partners', 'endpoints'))) {
      await q.query("ALTER TABLE partners ADD COLUMN endpoints varchar(200) NOT NULL DEFAULT 'credit-application,messaging' AFTER name");
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE partners DROP COLUMN endpoints');
  }
}
