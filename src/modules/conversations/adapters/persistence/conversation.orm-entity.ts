import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('contacts')
export class ContactOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ type: 'varchar', length: 20, nullable: true }) phone!: string | null;
  @Column({ type: 'varchar', length: 254, nullable: true }) email!: string | null;
  @Column({ name: 'full_name', type: 'varchar', length: 200 }) fullName!: string;
  @Column({ name: 'first_name', type: 'varchar', length: 100 }) firstName!: string;
  @Column({ name: 'last_name', type: 'varchar', length: 100 }) lastName!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt!: Date;
}

@Entity('conversations')
export class ConversationOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ name: 'contact_id', type: 'varchar', length: 36, nullable: true }) contactId!: string | null;
  @Column({ type: 'varchar', length: 32 }) channel!: string;
  @Column({ type: 'varchar', length: 32 }) status!: string;
  @Column({ name: 'is_archived', type: 'boolean' }) isArchived!: boolean;
  @Column({ name: 'is_likely_spam', type: 'boolean' }) isLikelySpam!: boolean;
  @Column({ name: 'is_adf', type: 'boolean' }) isAdf!: boolean;
  /** JSON array of strings. */
  @Column({ type: 'text' }) flags!: string;
  @Column({ name: 'message_count', type: 'int' }) messageCount!: number;
  @Column({ name: 'visible_message_count', type: 'int' }) visibleMessageCount!: number;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate!: Date;
  @Column({ name: 'last_online_date', type: 'datetime', precision: 3, nullable: true }) lastOnlineDate!: Date | null;
  @Column({ name: 'last_modified_date', type: 'datetime', precision: 3 }) lastModifiedDate!: Date;
}

@Entity('messages')
export class MessageOrmEntity {
  /** bigint: a string on MySQL, a number on SQLite; the mapper makes it a string. */
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string | number;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ name: 'conversation_id', type: 'varchar', length: 36 }) conversationId!: string;
  @Column({ type: 'varchar', length: 16 }) role!: string;
  @Column({ type: 'text' }) text!: string;
  @Column({ type: 'varchar', length: 300, nullable: true }) subject!: string | null;
  /** JSON array of attachments; null when there are none. */
  @Column({ type: 'text', nullable: true }) attachments!: string | null;
  @Column({ name: 'date_created', type: 'datetime', precision: 3 }) dateCreated!: Date;
  @Column({ name: 'external_id', type: 'varchar', length: 200, nullable: true }) externalId!: string | null;
  @Column({ name: 'delivery_status', type: 'varchar', length: 16, nullable: true }) deliveryStatus!: string | null;
  @Column({ name: 'delivery_attempts', type: 'int' }) deliveryAttempts!: number;
  @Column({ name: 'delivery_last_error', type: 'varchar', length: 1000, nullable: true }) deliveryLastError!: string | null;
  @Column({ name: 'delivery_sent_at', type: 'datetime', precision: 3, nullable: true }) deliverySentAt!: Date | null;
  /** Outbound: when the message was last handed to the delivery queue; null until it is (the outbox). */
  @Column({ name: 'delivery_enqueued_at', type: 'datetime', precision: 3, nullable: true }) deliveryEnqueuedAt!: Date | null;
  /** Outbound: the phone (E.164) or email the message is delivered to, fixed when it was recorded. */
  @Column({ type: 'varchar', length: 254, nullable: true }) destination!: string | null;
}
