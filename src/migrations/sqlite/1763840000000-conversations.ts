import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLite twin of the MySQL migration of the same name (see there for the index rationale). */
export class Conversations1763840000000 implements MigrationInterface {
  name = 'Conversations1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE contacts (
      id varchar(36) NOT NULL PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      phone varchar(20) NULL,
      email varchar(254) NULL,
      full_name varchar(200) NOT NULL DEFAULT '',
      first_name varchar(100) NOT NULL DEFAULT '',
      last_name varchar(100) NOT NULL DEFAULT '',
      created_at datetime NOT NULL,
      updated_at datetime NOT NULL
    )`);
    await q.query('CREATE UNIQUE INDEX uq_contacts_dealer_phone ON contacts (dealer_id, phone)');
    await q.query('CREATE UNIQUE INDEX uq_contacts_dealer_email ON contacts (dealer_id, email)');
    await q.query(`CREATE TABLE conversations (
      id varchar(36) NOT NULL PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      contact_id varchar(36) NULL,
      channel varchar(32) NOT NULL,
      status varchar(32) NOT NULL,
      is_archived boolean NOT NULL DEFAULT 0,
      is_likely_spam boolean NOT NULL DEFAULT 0,
      is_adf boolean NOT NULL DEFAULT 0,
      flags text NOT NULL DEFAULT '[]',
      message_count integer NOT NULL DEFAULT 0,
      visible_message_count integer NOT NULL DEFAULT 0,
      created_date datetime NOT NULL,
      last_online_date datetime NULL,
      last_modified_date datetime NOT NULL
    )`);
    await q.query('CREATE INDEX ix_conversations_archived_modified ON conversations (dealer_id, is_archived, last_modified_date, id)');
    await q.query('CREATE INDEX ix_conversations_archived_channel_modified ON conversations (dealer_id, is_archived, channel, last_modified_date, id)');
    await q.query('CREATE INDEX ix_conversations_archived_status_modified ON conversations (dealer_id, is_archived, status, last_modified_date, id)');
    await q.query('CREATE INDEX ix_conversations_archived_channel_status_modified ON conversations (dealer_id, is_archived, channel, status, last_modified_date, id)');
    await q.query('CREATE INDEX ix_conversations_archived_created ON conversations (dealer_id, is_archived, created_date)');
    await q.query('CREATE INDEX ix_conversations_archived_channel_created ON conversations (dealer_id, is_archived, channel, created_date)');
    await q.query('CREATE INDEX ix_conversations_modified ON conversations (dealer_id, last_modified_date, id)');
    await q.query('CREATE INDEX ix_conversations_contact ON conversations (dealer_id, contact_id, channel, last_modified_date)');
    await q.query(`CREATE TABLE messages (
      id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
      dealer_id varchar(100) NOT NULL,
      conversation_id varchar(36) NOT NULL,
      role varchar(16) NOT NULL,
      text text NOT NULL,
      subject varchar(300) NULL,
      attachments text NULL,
      date_created datetime NOT NULL,
      external_id varchar(200) NULL,
      delivery_status varchar(16) NULL,
      delivery_attempts integer NOT NULL DEFAULT 0,
      delivery_last_error varchar(1000) NULL,
      delivery_sent_at datetime NULL
    )`);
    await q.query('CREATE INDEX ix_messages_conversation ON messages (dealer_id, conversation_id, id)');
    await q.query('CREATE UNIQUE INDEX uq_messages_external ON messages (dealer_id, external_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE messages');
    await q.query('DROP TABLE conversations');
    await q.query('DROP TABLE contacts');
  }
}
