import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contacts, conversations and their messages. Every index leads with dealer_id. Channel is stored
 * lower-case and status in its canonical spelling, so case-insensitive filters stay index lookups.
 * The listing indexes put the sort key (last_modified_date) right after the equality columns; InnoDB
 * appends the primary key, which gives the id tie-break of the sort for free.
 */
export class Conversations1763840000000 implements MigrationInterface {
  name = 'Conversations1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS contacts (
      id varchar(36) NOT NULL PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      phone varchar(20) NULL,
      email varchar(254) NULL,
      full_name varchar(200) NOT NULL DEFAULT '',
      first_name varchar(100) NOT NULL DEFAULT '',
      last_name varchar(100) NOT NULL DEFAULT '',
      created_at datetime(3) NOT NULL,
      updated_at datetime(3) NOT NULL,
      UNIQUE KEY uq_contacts_dealer_phone (dealer_id, phone),
      UNIQUE KEY uq_contacts_dealer_email (dealer_id, email)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE IF NOT EXISTS conversations (
      id varchar(36) NOT NULL PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      contact_id varchar(36) NULL,
      channel varchar(32) NOT NULL,
      status varchar(32) NOT NULL,
      is_archived tinyint(1) NOT NULL DEFAULT 0,
      is_likely_spam tinyint(1) NOT NULL DEFAULT 0,
      is_adf tinyint(1) NOT NULL DEFAULT 0,
      flags text NOT NULL,
      message_count int NOT NULL DEFAULT 0,
      visible_message_count int NOT NULL DEFAULT 0,
      created_date datetime(3) NOT NULL,
      last_online_date datetime(3) NULL,
      last_modified_date datetime(3) NOT NULL,
      KEY ix_conversations_archived_modified (dealer_id, is_archived, last_modified_date),
      KEY ix_conversations_archived_channel_modified (dealer_id, is_archived, channel, last_modified_date),
      KEY ix_conversations_archived_status_modified (dealer_id, is_archived, status, last_modified_date),
      KEY ix_conversations_archived_channel_status_modified (dealer_id, is_archived, channel, status, last_modified_date),
      KEY ix_conversations_archived_created (dealer_id, is_archived, created_date),
      KEY ix_conversations_archived_channel_created (dealer_id, is_archived, channel, created_date),
      KEY ix_conversations_modified (dealer_id, last_modified_date),
      KEY ix_conversations_contact (dealer_id, contact_id, channel, last_modified_date)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE IF NOT EXISTS messages (
      id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
      dealer_id varchar(100) NOT NULL,
      conversation_id varchar(36) NOT NULL,
      role varchar(16) NOT NULL,
      text mediumtext NOT NULL,
      subject varchar(300) NULL,
      attachments mediumtext NULL,
      date_created datetime(3) NOT NULL,
      external_id varchar(200) NULL,
      delivery_status varchar(16) NULL,
      delivery_attempts int NOT NULL DEFAULT 0,
      delivery_last_error varchar(1000) NULL,
      delivery_sent_at datetime(3) NULL,
      KEY ix_messages_conversation (dealer_id, conversation_id, id),
      UNIQUE KEY uq_messages_external (dealer_id, external_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE messages');
    await q.query('DROP TABLE conversations');
    await q.query('DROP TABLE contacts');
  }
}
