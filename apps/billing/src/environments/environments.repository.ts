import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
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

  listByAccount(accountId: string): Promise<EnvironmentEntity[]> {
    return this.environments.find({ where: { accountId }, order: { createdAt: 'ASC' } });
  }
}
