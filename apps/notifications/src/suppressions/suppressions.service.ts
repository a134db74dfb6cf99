import { Injectable } from '@nestjs/common';
import {
  Channel,
  RemoveSuppressionRequest,
  SuppressEmailRequest,
  SuppressEmailResponseDto,
  UserResponseDto,
} from '@clarion/contracts';
import { UsersService } from '../users/users.service';
import { SuppressionsRepository } from './suppressions.repository';

/**
 * Email suppressions of users (spec 3.4): set after a bounce or a complaint, removed one user at a
 * time here; the bulk removal is a background job (SuppressionRemovals). Sends read the user's
 * row afresh (nothing caches users), so the next send sees a change.
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

  async suppressEmail(request: SuppressEmailRequest): Promise<SuppressEmailResponseDto> {
    const { reason, retryable, details } = request;
    return {
      suppressed: await this.suppressions.setEmailSuppression(request, {
        reason,
        retryable,
        details,
      }),
    };
  }
}
