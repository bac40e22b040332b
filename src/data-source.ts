import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../libs/common/persistence/data-source-options';
import { loadConfig } from './config/app-config';
import { MIGRATIONS } from './migrations';
import {
  AssistantMessageOrmEntity, AssistantRunEventOrmEntity, AssistantRunOrmEntity, AssistantThreadOrmEntity,
} from './modules/assistant/adapters/persistence/assistant.orm-entity';
import { CatalogManufacturerOrmEntity, CatalogModelOrmEntity, CatalogModelRegionOrmEntity, CatalogTrimOrmEntity } from './modules/catalog/adapters/persistence/catalog.orm-entity';
import { ContactOrmEntity, ConversationOrmEntity, MessageOrmEntity } from './modules/conversations/adapters/persistence/conversation.orm-entity';
import {
  CredentialOrmEntity, DealershipOrmEntity, IntegrationConfigOrmEntity, PartnerOrmEntity,
} from './modules/dealership/adapters/persistence/dealership.orm-entity';
import { IdempotencyKeyOrmEntity } from './modules/engagement/adapters/persistence/idempotency-key.orm-entity';
import { LeadNotificationOrmEntity } from './modules/engagement/adapters/persistence/lead-notification.orm-entity';
import { CarOrmEntity } from './modules/inventory/adapters/persistence/car.orm-entity';
import { DeliveryAuditOrmEntity, PartnerDeliveryOrmEntity } from './modules/partner-integration/adapters/persistence/partner-delivery.orm-entity';

/** Every context's TypeORM entities (the running app loads each context's own through TypeOrmModule.forFeature). */
const ENTITIES = [
  DealershipOrmEntity, PartnerOrmEntity, CredentialOrmEntity, IntegrationConfigOrmEntity,
  CatalogManufacturerOrmEntity, CatalogModelOrmEntity, CatalogModelRegionOrmEntity, CatalogTrimOrmEntity,
  CarOrmEntity, ContactOrmEntity, ConversationOrmEntity, MessageOrmEntity, IdempotencyKeyOrmEntity, LeadNotificationOrmEntity,
  PartnerDeliveryOrmEntity, DeliveryAuditOrmEntity,
  AssistantThreadOrmEntity, AssistantRunOrmEntity, AssistantMessageOrmEntity, AssistantRunEventOrmEntity,
];

/** The configured database (DATABASE_URL, else the embedded SQLite file) with its entities and migrations: TypeORM's CLI reads it through ormconfig.ts. */
export default new DataSource(dataSourceOptions(loadConfig(process.env).database, { entities: ENTITIES, migrations: MIGRATIONS }));
