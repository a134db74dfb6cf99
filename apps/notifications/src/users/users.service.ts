import { Injectable } from '@nestjs/common';
import {
  clipped,
  DeleteUserResponseDto,
  EndUserRef,
  IdentifyUserRequest,
  ListUsersRequest,
  UserResponseDto,
  UsersListResponseDto,
  ValidationFailedError,
} from '@clarion/contracts';
import { toUserResponse } from './user.mapper';
import { UsersRepository } from './users.repository';

/** An id as a message may quote it: it can be as long as the body (100 KB made a 100 KB 400). */
function quoted(id: string): string {
  return JSON.stringify(clipped(id, 64));
}

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** Creates or updates a user and marks it as seen now (UserIdentify). */
  async identify(request: IdentifyUserRequest): Promise<UserResponseDto> {
    const { id, ...fields } = request.fields;
    if (id !== undefined && id !== request.userId) {
      throw new ValidationFailedError(
        `id ${quoted(id)} differs from the userId ${quoted(request.userId)} of the path`,
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

  async list(request: ListUsersRequest): Promise<UsersListResponseDto> {
    const after = request.after === undefined ? undefined : decodePageToken(request.after);
    const rows = await this.users.listPage(
      request.accountId,
      request.envId,
      after,
      request.limit + 1,
    );
    const page = rows.slice(0, request.limit);
    const hasMore = rows.length > request.limit;
    const last = page[page.length - 1];
    return {
      users: page.map(toUserResponse),
      hasMore,
      ...(hasMore && last && { lastEvaluatedKey: Buffer.from(last.id).toString('base64url') }),
    };
  }

  /** Removes the user and everything kept for them (inbox; preferences as they arrive). */
  async delete(ref: EndUserRef): Promise<DeleteUserResponseDto> {
    await this.users.deleteWithTheirData(ref.accountId, ref.envId, ref.userId);
    return { message: `User ${ref.userId} deleted` };
  }
}

function decodePageToken(token: string): string {
  const id = Buffer.from(token, 'base64url').toString('utf8');
  if (!id)
    throw new ValidationFailedError(
      'nextToken is not a token of this list',
      'Pass the lastEvaluatedKey of the previous page.',
    );
  return id;
}
