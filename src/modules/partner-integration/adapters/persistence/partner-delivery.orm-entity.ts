import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('partner_deliveries')
export class PartnerDeliveryOrmEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'varchar', length: 100 }) partnerId!: string;
  @PrimaryColumn({ name: 'body_sha256', type: 'varchar', length: 64 }) bodySha256!: string;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @Column({ name: 'received_at', type: 'datetime', precision: 3 }) receivedAt!: Date;
}

@Entity('partner_delivery_audit')
export class DeliveryAuditOrmEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'received_at', type: 'datetime', precision: 3 }) receivedAt!: Date;
  @Column({ name: 'partner_id', type: 'varchar', length: 100, nullable: true }) partnerId!: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) username!: string | null;
  @Column({ name: 'client_address', type: 'varchar', length: 64, nullable: true }) clientAddress!: string | null;
  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true }) requestId!: string | null;
  @Column({ type: 'varchar', length: 16 }) outcome!: string;
  @Column({ type: 'int' }) status!: number;
  @Column({ type: 'varchar', length: 100 }) reason!: string;
  @Column({ type: 'varchar', length: 500, nullable: true }) detail!: string | null;
  @Column({ name: 'body_sha256', type: 'varchar', length: 64, nullable: true }) bodySha256!: string | null;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100, nullable: true }) dealerId!: string | null;
}
