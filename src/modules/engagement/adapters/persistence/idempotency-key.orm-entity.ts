import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('engagement_idempotency_keys')
export class IdempotencyKeyOrmEntity {
  @PrimaryColumn({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 }) key!: string;
  @Column({ name: 'request_hash', type: 'varchar', length: 64 }) requestHash!: string;
  @Column({ name: 'message_id', type: 'varchar', length: 20, nullable: true }) messageId!: string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
}
