import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Partners get the list of partner endpoints their credentials open (decisions.md section 3);
 * a new one opens the credit-application webhook unless told otherwise. A partner created before
 * this opened every partner endpoint and keeps doing so: `partner endpoints --id ID --set ...`
 * narrows it.
 */
export class PartnerEndpoints1795900000000 implements MigrationInterface {
  name = 'PartnerEndpoints1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE partners ADD COLUMN endpoints varchar(200) NOT NULL DEFAULT 'credit-application'");
    await q.query("UPDATE partners SET endpoints = 'credit-application,messaging'");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE partners DROP COLUMN endpoints');
  }
}
