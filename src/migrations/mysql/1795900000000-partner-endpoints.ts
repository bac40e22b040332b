import { MigrationInterface, QueryRunner } from 'typeorm';
import { hasColumn } from '../mysql-schema';

/**
 * Partners get the list of partner endpoints their credentials open (decisions.md section 3);
 * a new one opens the credit-application webhook unless told otherwise. A partner created before
 * this opened every partner endpoint and keeps doing so (which one it was made for is not
 * recorded): `partner endpoints --id ID --set ...` narrows it. Runs again after failing between
 * its two statements: the column is added once, and the second statement sets what the first left.
 */
export class PartnerEndpoints1795900000000 implements MigrationInterface {
  name = 'PartnerEndpoints1795900000000';

  async up(q: QueryRunner): Promise<void> {
    if (!(await hasColumn(q, 'partners', 'endpoints'))) {
      await q.query("ALTER TABLE partners ADD COLUMN endpoints varchar(200) NOT NULL DEFAULT '' AFTER name");
    }
    await q.query("UPDATE partners SET endpoints = 'credit-application,messaging' WHERE endpoints = ''");
    await q.query("ALTER TABLE partners ALTER COLUMN endpoints SET DEFAULT 'credit-application'");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE partners DROP COLUMN endpoints');
  }
}
