import { Injectable } from '@nestjs/common';
import {
  EndUserRef,
  IdentifyUserRequest,
  UserResponseDto,
  ValidationFailedError,
} from '@clarion/contracts';
import { toUserResponse } from './user.mapper';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** Creates or updates a user and marks it as seen now (UserIdentify). */
  async identify(request: IdentifyUserRequest): Promise<UserResponseDto> {
    const { id, ...fields } = request.fields;
    if (id !== undefined && id !== request.userId) {
      throw new ValidationFailedError(
        `id "${id}" differs from the userId "${request.userId}" of the path`,
        'Leave id out of the body or make it match the path.',
      );
    }
    await this.users.upsertMany([{ ...request, id: request.userId, fields, touchLastSeen: true }]);
    return this.get(request);
  }

  /** A user; all users exist implicitly, so an unknown one is a bare user object. */
  async get(ref: EndUserRef): Promise<UserResponseDto> {
    const user = await this.users.findOne(ref.accountId, ref.envId, ref.userId);
    return user ? toUserResponse(user) : { id: ref.userId };
  }
}
