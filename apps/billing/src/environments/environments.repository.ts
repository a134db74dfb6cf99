import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import { Repository } from 'typeorm';
import { EnvironmentEntity } from './environment.entity';

@Injectable()
export class EnvironmentsRepository {
  constructor(
    @InjectRepository(EnvironmentEntity)
    private readonly environments: Repository<EnvironmentEntity>,
  ) {}

  findByClientId(clientId: string): Promise<EnvironmentEntity | null> {
    return this.environments.findOneBy({ clientId });
  }

  findById(id: string): Promise<EnvironmentEntity | null> {
    return this.environments.findOneBy({ id });
  }

  /** The environment with this clientId, only if it belongs to the account. */
  findOfAccount(accountId: string, clientId: string): Promise<EnvironmentEntity | null> {
    return this.environments.findOneBy({ accountId, clientId });
  }

  /** The environment of the account named by its clientId or, when it is a UUID, by its id. */
  findOfAccountByName(accountId: string, name: string): Promise<EnvironmentEntity | null> {
    const byClientId = { accountId, clientId: name };
    return this.environments.findOne({
      where: isUUID(name) ? [byClientId, { accountId, id: name }] : byClientId,
    });
  }

  listByAccount(accountId: string): Promise<EnvironmentEntity[]> {
    return this.environments.find({ where: { accountId }, order: { createdAt: 'ASC' } });
  }

  insert(environment: Omit<EnvironmentEntity, 'createdAt'>): Promise<EnvironmentEntity> {
    return this.environments.save(this.environments.create(environment));
  }

  save(environment: EnvironmentEntity): Promise<EnvironmentEntity> {
    return this.environments.save(environment);
  }
}
