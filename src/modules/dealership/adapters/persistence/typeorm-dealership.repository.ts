import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { IsNull, Repository } from 'typeorm';
import { isPartnerEndpoint, PartnerEndpoint, StoredCredential } from '../../../../../libs/common/auth/principal';
import { isDuplicateKey } from '../../../../../libs/common/persistence/database-errors';
import { transactionalManager } from '../../../../../libs/common/persistence/typeorm-unit-of-work';
import { CredentialRepository, NewCredential, Partner, PartnerRepository } from '../../domain/credential.repository';
import { Dealership, DealershipStatus, IntegrationConfig } from '../../domain/dealership';
import { DealershipProfile, withProfileDefaults } from '../../domain/dealership-profile';
import { DealershipRepository, IntegrationConfigChange } from '../../domain/dealership.repository';
import {
  CredentialOrmEntity, DealershipOrmEntity, IntegrationConfigOrmEntity, PartnerOrmEntity,
} from './dealership.orm-entity';

@Injectable()
export class TypeOrmDealershipRepository extends DealershipRepository {
  constructor(
    @InjectRepository(DealershipOrmEntity) private readonly ownRows: Repository<DealershipOrmEntity>,
    @InjectRepository(IntegrationConfigOrmEntity) private readonly ownIntegrations: Repository<IntegrationConfigOrmEntity>,
  ) {
    super();
  }

  /** The surrounding unit of work's transaction, if any. */
  private get rows(): Repository<DealershipOrmEntity> {
    return transactionalManager(this.ownRows.manager).getRepository(DealershipOrmEntity);
  }

  private get integrations(): Repository<IntegrationConfigOrmEntity> {
    return transactionalManager(this.ownIntegrations.manager).getRepository(IntegrationConfigOrmEntity);
  }

  async findById(dealerId: string): Promise<Dealership | null> {
    const row = await this.rows.findOneBy({ id: dealerId });
    return row ? toDealership(row) : null;
  }

  /** Plain SQL: TypeORM's query building was the larger part of this read's cost. */
  async findProfile(dealerId: string): Promise<Pick<Dealership, 'id' | 'name' | 'region' | 'profile'> | null> {
    const [row]: Pick<DealershipOrmEntity, 'id' | 'name' | 'region' | 'profile'>[] = await this.rows.manager.query(
      'SELECT id, name, region, profile FROM dealerships WHERE id = ?', [dealerId],
    );
    return row ? { id: row.id, name: row.name, region: row.region, profile: completedProfile(row.id, row.profile) } : null;
  }

  async create(d: Dealership): Promise<boolean> {
    try {
      await this.rows.insert(toRow(d));
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async findOrCreate(candidate: Dealership): Promise<{ dealership: Dealership; created: boolean }> {
    const existing = await this.findById(candidate.id);
    if (existing) return { dealership: existing, created: false };
    if (await this.create(candidate)) return { dealership: candidate, created: true };
    // Lost a race: the winner has committed (MySQL waits for it on the duplicate key, and a unit of
    // work reads committed rows), so the row is there now.
    const winner = await this.findById(candidate.id);
    if (!winner) throw new Error(`Dealership ${candidate.id} is a duplicate key yet cannot be read`);
    return { dealership: winner, created: false };
  }

  async recordIntegrationConfig(dealerId: string, config: IntegrationConfig, at: Date): Promise<IntegrationConfigChange> {
    const where = { dealerId, key: config.key };
    const existing = await this.integrations.findOneBy(where);
    if (!existing) {
      try {
        await this.integrations.insert({ ...where, subscriptionId: config.subscription_id, createdAt: at, updatedAt: at });
        return 'created';
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // A concurrent caller recorded it first: fall through and compare with theirs.
      }
    }
    const current = existing ?? (await this.integrations.findOneByOrFail(where));
    if (current.subscriptionId === config.subscription_id) return 'unchanged';
    await this.integrations.update(where, { subscriptionId: config.subscription_id, updatedAt: at });
    return 'updated';
  }

  async saveProfile(dealerId: string, profile: DealershipProfile): Promise<void> {
    await this.rows.update({ id: dealerId }, { profile: JSON.stringify(profile), updatedAt: new Date() });
  }

  async setStatus(dealerId: string, status: DealershipStatus): Promise<void> {
    await this.rows.update({ id: dealerId }, { status, updatedAt: new Date() });
  }

  /** Plain SQL, as findProfile: it is the profile read's other query. */
  async listIntegrationConfigs(dealerId: string): Promise<IntegrationConfig[]> {
    const key = this.integrations.manager.connection.driver.escape('key');
    const rows: { key: string; subscription_id: string }[] = await this.integrations.manager.query(
      `SELECT ${key}, subscription_id FROM integration_configs WHERE dealer_id = ? ORDER BY created_at, ${key}`, [dealerId],
    );
    return rows.map((r) => ({ key: r.key, subscription_id: r.subscription_id }));
  }

  count(): Promise<number> {
    return this.rows.count();
  }
}

/**
 * Parsing a stored profile and completing it with the defaults was most of a profile read's CPU, so
 * the result is kept per dealership while its stored text is unchanged (compared in full on every
 * read, so a change made by any process is seen at once). Frozen: every reader shares it.
 */
const completedProfiles = new LRUCache<string, { stored: string; profile: DealershipProfile }>({ max: 1000 });

function completedProfile(dealerId: string, stored: string): DealershipProfile {
  const hit = completedProfiles.get(dealerId);
  if (hit && hit.stored === stored) return hit.profile;
  const profile = deepFreeze(withProfileDefaults(JSON.parse(stored)));
  completedProfiles.set(dealerId, { stored, profile });
  return profile;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The stored list, keeping only endpoints this code knows (a retired one opens nothing). */
function partnerEndpointsOf(stored: string): PartnerEndpoint[] {
  return stored.split(',').map((e) => e.trim()).filter(isPartnerEndpoint);
}

function toDealership(row: DealershipOrmEntity): Dealership {
  return {
    id: row.id, name: row.name, region: row.region, status: row.status as DealershipStatus,
    profile: completedProfile(row.id, row.profile), createdAt: row.createdAt, updatedAt: row.updatedAt,
  };
}

function toRow(d: Dealership): DealershipOrmEntity {
  return {
    id: d.id, name: d.name, region: d.region, status: d.status, profile: JSON.stringify(d.profile), createdAt: d.createdAt, updatedAt: d.updatedAt,
  };
}

@Injectable()
export class TypeOrmCredentialRepository extends CredentialRepository {
  constructor(
    @InjectRepository(CredentialOrmEntity) private readonly rows: Repository<CredentialOrmEntity>,
    @InjectRepository(DealershipOrmEntity) private readonly dealerships: Repository<DealershipOrmEntity>,
    @InjectRepository(PartnerOrmEntity) private readonly partners: Repository<PartnerOrmEntity>,
  ) {
    super();
  }

  async findByUsername(username: string): Promise<StoredCredential | null> {
    const row = await this.rows.findOneBy({ username, revokedAt: IsNull() });
    if (!row) return null;
    const dealership = row.dealerId ? await this.dealerships.findOne({ where: { id: row.dealerId }, select: { id: true, status: true } }) : null;
    const partner = row.partnerId ? await this.partners.findOne({ where: { id: row.partnerId }, select: { id: true, endpoints: true } }) : null;
    return {
      username: row.username,
      kind: row.kind as StoredCredential['kind'],
      dealerId: row.dealerId,
      partnerId: row.partnerId,
      partnerEndpoints: partner ? partnerEndpointsOf(partner.endpoints) : [],
      secretHash: row.secretHash,
      active: row.kind === 'partner' || dealership?.status === 'active',
    };
  }

  /** Writes join a unit of work when one is running (rotation revokes and issues atomically). */
  private get writer(): Repository<CredentialOrmEntity> {
    return transactionalManager(this.rows.manager).getRepository(CredentialOrmEntity);
  }

  async add(c: NewCredential): Promise<void> {
    await this.writer.insert({ ...c, createdAt: new Date(), revokedAt: null });
  }

  async revokeForDealer(dealerId: string): Promise<number> {
    const result = await this.writer.update({ dealerId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return result.affected ?? 0;
  }

  async revoke(username: string): Promise<boolean> {
    const result = await this.writer.update({ username, revokedAt: IsNull() }, { revokedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }
}

@Injectable()
export class TypeOrmPartnerRepository extends PartnerRepository {
  constructor(@InjectRepository(PartnerOrmEntity) private readonly rows: Repository<PartnerOrmEntity>) {
    super();
  }

  async create(p: Partner): Promise<boolean> {
    try {
      await transactionalManager(this.rows.manager).getRepository(PartnerOrmEntity).insert({ ...p, endpoints: p.endpoints.join(',') });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async setEndpoints(id: string, endpoints: readonly PartnerEndpoint[]): Promise<boolean> {
    const result = await transactionalManager(this.rows.manager).getRepository(PartnerOrmEntity).update({ id }, { endpoints: endpoints.join(',') });
    return (result.affected ?? 0) > 0;
  }
}
