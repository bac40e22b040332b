import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The address an outbound message is delivered to (E.164 phone for sms, lower-cased email for
 * email), fixed when the message is recorded: a later change of the contact's address does not
 * redirect it. Null on inbound messages and on outbound ones recorded before this column existed
 * (those are delivered to the contact's address, as before).
 */
export class MessageDestination1763860000000 implements MigrationInterface {
  name = 'MessageDestination1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE messages ADD COLUMN destination varchar(254) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE messages DROP COLUMN destination');
  }
}
