import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { StoredCredential } from '../../../../../libs/common/auth/principal';
import { isDuplicateKey } from '../../../../../libs/common/persistence/database-errors';
import { CredentialRepository, NewCredential, Partner, PartnerRepository } from '../../domain/credential.repository';
import { Dealership, DealershipStatus, IntegrationConfig } from '../../domain/dealership';
import { DealershipProfile, withProfileDefaults } from '../../domain/dealership-profile';
import { DealershipRepository } from '../../domain/dealership.repository';
import {
  CredentialOrmEntity, DealershipOrmEntity, IntegrationConfigOrmEntity, PartnerOrmEntity,
} from './dealership.orm-entity';

@Injectable()
export class TypeOrmDealershipRepository extends DealershipRepository {
  constructor(
    @InjectRepository(DealershipOrmEntity) private readonly rows: Repository<DealershipOrmEntity>,
    @InjectRepository(IntegrationConfigOrmEntity) private readonly integrations: Repository<IntegrationConfigOrmEntity>,
  ) {
    super();
  }

  async findById(dealerId: string): Promise<Dealership | null> {
    const row = await this.rows.findOneBy({ id: dealerId });
    return row
      ? {
          id: row.id, name: row.name, region: row.region, status: row.status as DealershipStatus,
          profile: withProfileDefaults(JSON.parse(row.profile)), createdAt: row.createdAt, updatedAt: row.updatedAt,
        }
      : null;
  }

  async create(d: Dealership): Promise<boolean> {
    try {
      await this.rows.insert({
        id: d.id, name: d.name, region: d.region, status: d.status, profile: JSON.stringify(d.profile), createdAt: d.createdAt, updatedAt: d.updatedAt,
      });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async saveProfile(dealerId: string, profile: DealershipProfile): Promise<void> {
    await this.rows.update({ id: dealerId }, { profile: JSON.stringify(profile), updatedAt: new Date() });
  }

  async setStatus(dealerId: string, status: DealershipStatus): Promise<void> {
    await this.rows.update({ id: dealerId }, { status, updatedAt: new Date() });
  }

  async listIntegrationConfigs(dealerId: string): Promise<IntegrationConfig[]> {
    const rows = await this.integrations.find({ where: { dealerId }, order: { createdAt: 'ASC', key: 'ASC' } });
    return rows.map((r) => ({ key: r.key, subscription_id: r.subscriptionId }));
  }

  count(): Promise<number> {
    return this.rows.count();
  }
}

@Injectable()
export class TypeOrmCredentialRepository extends CredentialRepository {
  constructor(
    @InjectRepository(CredentialOrmEntity) private readonly rows: Repository<CredentialOrmEntity>,
    @InjectRepository(DealershipOrmEntity) private readonly dealerships: Repository<DealershipOrmEntity>,
  ) {
    super();
  }

  async findByUsername(username: string): Promise<StoredCredential | null> {
    const row = await this.rows.findOneBy({ username, revokedAt: IsNull() });
    if (!row) return null;
    const dealership = row.dealerId ? await this.dealerships.findOne({ where: { id: row.dealerId }, select: { id: true, status: true } }) : null;
    return {
      username: row.username,
      kind: row.kind as StoredCredential['kind'],
      dealerId: row.dealerId,
      partnerId: row.partnerId,
      secretHash: row.secretHash,
      active: row.kind === 'partner' || dealership?.status === 'active',
    };
  }

  async add(c: NewCredential): Promise<void> {
    await this.rows.insert({ ...c, createdAt: new Date(), revokedAt: null });
  }

  async revokeForDealer(dealerId: string): Promise<number> {
    const result = await this.rows.update({ dealerId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return result.affected ?? 0;
  }

  async revoke(username: string): Promise<boolean> {
    const result = await this.rows.update({ username, revokedAt: IsNull() }, { revokedAt: new Date() });
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
      await this.rows.insert(p);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }
}
