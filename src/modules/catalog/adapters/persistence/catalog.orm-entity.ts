import { Column, Entity, PrimaryColumn } from 'typeorm';
import { decimalAsNumber } from '../../../../../libs/common/persistence/column-transformers';

@Entity('catalog_manufacturers')
export class CatalogManufacturerOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 }) id!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ name: 'sort_key', type: 'varchar', length: 200 }) sortKey!: string;
  @Column({ name: 'content_hash', type: 'varchar', length: 64 }) contentHash!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt!: Date;
}

@Entity('catalog_models')
export class CatalogModelOrmEntity {
  @PrimaryColumn({ name: 'manufacturer_id', type: 'varchar', length: 100 }) manufacturerId!: string;
  @PrimaryColumn({ type: 'varchar', length: 150 }) id!: string;
  @Column({ type: 'varchar', length: 200 }) model!: string;
  @Column({ name: 'sort_key', type: 'varchar', length: 200 }) sortKey!: string;
  @Column({ name: 'model_localized', type: 'varchar', length: 200 }) modelLocalized!: string;
  @Column({ name: 'model_display_name', type: 'varchar', length: 300 }) modelDisplayName!: string;
  @Column({ type: 'varchar', length: 35 }) locale!: string;
  /** Comma-joined upper-case codes, for display; `catalog_model_regions` is what filters. */
  @Column({ type: 'varchar', length: 300 }) regions!: string;
  @Column({ type: 'varchar', length: 20, nullable: true }) type!: string | null;
  @Column({ name: 'body_type', type: 'varchar', length: 20, nullable: true }) bodyType!: string | null;
  @Column({ name: 'fuel_type', type: 'varchar', length: 20, nullable: true }) fuelType!: string | null;
  @Column({ type: 'int', nullable: true }) seats!: number | null;
  @Column({ type: 'int' }) year!: number;
  @Column({ name: 'min_price', type: 'decimal', precision: 14, scale: 2, nullable: true, transformer: decimalAsNumber }) minPrice!: number | null;
  @Column({ name: 'max_price', type: 'decimal', precision: 14, scale: 2, nullable: true, transformer: decimalAsNumber }) maxPrice!: number | null;
  @Column({ name: 'site_url', type: 'varchar', length: 1000 }) siteUrl!: string;
  @Column({ name: 'image_url', type: 'varchar', length: 1000 }) imageUrl!: string;
  @Column({ name: 'video_url', type: 'varchar', length: 1000 }) videoUrl!: string;
  @Column({ name: 'can_test_drive', type: 'boolean' }) canTestDrive!: boolean;
  @Column({ name: 'content_hash', type: 'varchar', length: 64 }) contentHash!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt!: Date;
}

@Entity('catalog_model_regions')
export class CatalogModelRegionOrmEntity {
  @PrimaryColumn({ name: 'manufacturer_id', type: 'varchar', length: 100 }) manufacturerId!: string;
  @PrimaryColumn({ type: 'varchar', length: 2 }) region!: string;
  @PrimaryColumn({ name: 'model_id', type: 'varchar', length: 150 }) modelId!: string;
}

@Entity('catalog_trims')
export class CatalogTrimOrmEntity {
  @PrimaryColumn({ name: 'manufacturer_id', type: 'varchar', length: 100 }) manufacturerId!: string;
  @PrimaryColumn({ type: 'varchar', length: 150 }) id!: string;
  @Column({ name: 'model_id', type: 'varchar', length: 150 }) modelId!: string;
  @Column({ type: 'int' }) position!: number;
  @Column({ type: 'varchar', length: 200 }) trim!: string;
  @Column({ name: 'trim_localized', type: 'varchar', length: 200 }) trimLocalized!: string;
  @Column({ name: 'trim_display_name', type: 'varchar', length: 300 }) trimDisplayName!: string;
  @Column({ name: 'override_model_name', type: 'boolean' }) overrideModelName!: boolean;
  @Column({ name: 'can_test_drive', type: 'boolean' }) canTestDrive!: boolean;
  @Column({ type: 'int' }) year!: number;
  @Column({ name: 'site_url', type: 'varchar', length: 1000 }) siteUrl!: string;
  @Column({ type: 'varchar', length: 20, nullable: true }) type!: string | null;
  /** JSON list of the trim's car properties, in the catalog file's (spec 2.5) field names. */
  @Column({ name: 'car_properties', type: 'text' }) carProperties!: string;
  @Column({ name: 'content_hash', type: 'varchar', length: 64 }) contentHash!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt!: Date;
}
