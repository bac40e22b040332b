import { Foundation1763800000000 } from './1763800000000-foundation';
import { Inventory1763810000000 } from './1763810000000-inventory';
import { Catalog1763820000000 } from './1763820000000-catalog';
import { PartnerIntegration1763830000000 } from './1763830000000-partner-integration';
import { Conversations1763840000000 } from './1763840000000-conversations';
import { Engagement1763840100000 } from './1763840100000-engagement';
import { InventorySearchIndex1763850000000 } from './1763850000000-inventory-search-index';
import { MessageDestination1763860000000 } from './1763860000000-message-destination';
import { Assistant1763870000000 } from './1763870000000-assistant';
import { InventoryRawText1763880500000 } from './1763880500000-inventory-raw-text';
import { InventoryFeatureFlags1763885000000 } from './1763885000000-inventory-feature-flags';
import { InventoryVersions1763890000000 } from './1763890000000-inventory-versions';
import { MessageDeliveryHandOver1795700000000 } from './1795700000000-message-delivery-hand-over';
import { InventoryLeanIndexes1795800000000 } from './1795800000000-inventory-lean-indexes';
import { PartnerEndpoints1795900000000 } from './1795900000000-partner-endpoints';
import { InventoryModelFamily1796300000000 } from './1796300000000-inventory-model-family';
import { AssistantUnansweredOutcome1796350000000 } from './1796350000000-assistant-unanswered-outcome';
import { LeadNotifications1796400000000 } from './1796400000000-lead-notifications';
import { AssistantThreadState1796500000000 } from './1796500000000-assistant-thread-state';

/** Every SQLite migration, in order. Add new ones at the end (and their MySQL twin). */
export const sqliteMigrations = [
  Foundation1763800000000,
  Inventory1763810000000,
  Catalog1763820000000,
  PartnerIntegration1763830000000,
  Conversations1763840000000,
  Engagement1763840100000,
  InventorySearchIndex1763850000000,
  MessageDestination1763860000000,
  Assistant1763870000000,
  InventoryRawText1763880500000,
  InventoryFeatureFlags1763885000000,
  InventoryVersions1763890000000,
  MessageDeliveryHandOver1795700000000,
  InventoryLeanIndexes1795800000000,
  PartnerEndpoints1795900000000,
  InventoryModelFamily1796300000000,
  AssistantUnansweredOutcome1796350000000,
  LeadNotifications1796400000000,
  AssistantThreadState1796500000000,
];
