import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Whether the service's database answers. */
@Injectable()
export class DatabaseReadiness {
  constructor(private readonly dataSource: DataSource) {}

  async isReady(): Promise<boolean> {
    if (!this.dataSource.isInitialized) return false;
    await this.dataSource.query('SELECT 1');
    return true;
  }
}
