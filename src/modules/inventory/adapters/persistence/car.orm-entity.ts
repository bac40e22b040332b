import { Column, Entity, PrimaryColumn } from 'typeorm';
import { decimalAsNumber } from '../../../../../libs/common/persistence/column-transformers';

/**
 * The inventory_cars table (migration 1763810000000). Property names are the column names, which
 * are the car field names: search builds its SQL over the same names.
 */
@Entity('inventory_cars')
export class CarOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 }) dealer_id!: string;
  @PrimaryColumn({ type: 'varchar', length: 8 }) condition!: string;
  @PrimaryColumn({ type: 'varchar', length: 17 }) vin!: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) stock_number!: string | null;
  @Column({ type: 'int', nullable: true }) year!: number | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) manufacturer!: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) model!: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) trim!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) type!: string | null;
  @Column({ type: 'varchar', length: 320 }) display_name!: string;
  @Column({ type: 'boolean', nullable: true }) certified!: boolean | null;
  @Column({ type: 'decimal', precision: 12, scale: 2, nullable: true, transformer: decimalAsNumber }) price!: number | null;
  @Column({ type: 'int', nullable: true }) display_price!: number | null;
  @Column({ type: 'varchar', length: 8, nullable: true }) currency_code!: string | null;
  @Column({ type: 'int', nullable: true }) kilometers!: number | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) color!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) fuel_type!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) transmission!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) drive_train!: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) engine!: string | null;
  @Column({ type: 'int', nullable: true }) horse_power!: number | null;
  @Column({ type: 'int', nullable: true }) torque!: number | null;
  @Column({ type: 'int', nullable: true }) doors!: number | null;
  @Column({ type: 'int', nullable: true }) seats!: number | null;
  @Column({ type: 'int', nullable: true }) fuel_economy_city!: number | null;
  @Column({ type: 'int', nullable: true }) fuel_economy_highway!: number | null;
  @Column({ type: 'int', nullable: true }) monthly_lease_payment!: number | null;
  @Column({ type: 'int', nullable: true }) monthly_finance_payment!: number | null;
  @Column({ type: 'text', nullable: true }) options!: string | null;
  @Column({ type: 'boolean', nullable: true }) accident!: boolean | null;
  @Column({ type: 'text', nullable: true }) car_fax!: string | null;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'text', nullable: true }) site_url!: string | null;
  @Column({ type: 'text', nullable: true }) image_url!: string | null;
  @Column({ type: 'text', nullable: true }) image_url_list!: string | null;
  @Column({ type: 'text', nullable: true }) video_url!: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) source_id!: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) source_system!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) stock_status!: string | null;
  /** The feed's own text of type, color, ... (the columns above hold the canonical value; migration 1763880000000). */
  @Column({ type: 'varchar', length: 50, nullable: true }) type_text!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) color_text!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) fuel_type_text!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) drive_train_text!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) transmission_text!: string | null;
  /** The model's family, resolved at upload (migration 1796300000000). */
  @Column({ type: 'varchar', length: 100, nullable: true }) model_family!: string | null;
  @Column({ type: 'boolean' }) is_deleted!: boolean;
  @Column({ type: 'datetime', precision: 3 }) date_created!: Date;
  @Column({ type: 'int' }) row_index!: number;
  /** The mask of known features in `options` (libs/common/vehicle/car-features.ts), for search; set by uploads. */
  @Column({ type: 'int', default: 0, select: false }) feature_flags!: number;
  /** The upload that last wrote the row (see the replace in the stores); never leaves persistence. */
  @Column({ type: 'bigint', select: false }) upload_id!: string;
}
