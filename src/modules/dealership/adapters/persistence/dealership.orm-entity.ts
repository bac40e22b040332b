import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('dealerships')
export class DealershipOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 }) id!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ type: 'varchar', length: 8 }) region!: string;
  @Column({ type: 'varchar', length: 16 }) status!: string;
  /** JSON text of the stored profile. */
  @Column({ type: 'text' }) profile!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt!: Date;
}

@Entity('partners')
export class PartnerOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 }) id!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  /** The partner endpoints its credentials open, comma-separated (PARTNER_ENDPOINTS). */
  @Column({ type: 'varchar', length: 200, default: 'credit-application' }) endpoints!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
}

@Entity('credentials')
export class CredentialOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) username!: string;
  @Column({ type: 'varchar', length: 16 }) kind!: string;
  @Column({ name: 'dealer_id', type: 'varchar', length: 100, nullable: true }) dealerId!: string | null;
  @Column({ name: 'partner_id', type: 'varchar', length: 100, nullable: true }) partnerId!: string | null;
  @Column({ name: 'secret_hash', type: 'varchar', length: 255 }) secretHash!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true }) revokedAt!: Date | null;
}

@Entity('integration_configs')
export class IntegrationConfigOrmEntity {
  @PrimaryColumn({ name: 'dealer_id', type: 'varchar', length: 100 }) dealerId!: string;
  @PrimaryColumn({ type: 'varchar', length: 100 }) key!: string;
  @Column({ name: 'subscription_id', type: 'varchar', length: 200 }) subscriptionId!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt!: Date;
}
