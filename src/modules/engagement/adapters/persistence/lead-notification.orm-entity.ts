import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('lead_notifications')
export class LeadNotificationOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ name: 'lead_key', type: 'varchar', length: 64 }) leadKey!: string;
  @Column({ type: 'varchar', length: 24 }) kind!: string;
  @Column({ name: 'destination', type: 'varchar', length: 500 }) to!: string;
  @Column({ type: 'varchar', length: 300, nullable: true }) subject!: string | null;
  @Column({ type: 'text' }) body!: string;
  @Column({ name: 'text_body', type: 'text', nullable: true }) text!: string | null;
  @Column({ name: 'delivery_status', type: 'varchar', length: 16 }) status!: string;
  @Column({ name: 'delivery_attempts', type: 'int' }) attempts!: number;
  @Column({ name: 'delivery_error', type: 'varchar', length: 500, nullable: true }) lastError!: string | null;
  @Column({ name: 'delivery_enqueued_at', type: 'datetime', precision: 3, nullable: true }) enqueuedAt!: Date | null;
  @Column({ name: 'sent_at', type: 'datetime', precision: 3, nullable: true }) sentAt!: Date | null;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate!: Date;
}
