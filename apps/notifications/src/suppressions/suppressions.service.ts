import { Injectable } from '@nestjs/common';
import { Channel, RemoveSuppressionRequest, UserResponseDto } from '@clarion/contracts';
import { UsersService } from '../users/users.service';
import { SuppressionsRepository } from './suppressions.repository';

/**
 * Email suppressions of users (spec 3.4), removed one user at a time here; the bulk removal is a
 * background job (SuppressionRemovals).
 */
@Injectable()
export class SuppressionsService {
  constructor(
    private readonly suppressions: SuppressionsRepository,
    private readonly users: UsersService,
  ) {}

  async removeOne(request: RemoveSuppressionRequest): Promise<{ user: UserResponseDto }> {
    if (request.channel === Channel.EMAIL) await this.suppressions.clearEmailSuppression(request);
    return { user: await this.users.get(request) };
  }
}
