import { Injectable } from '@nestjs/common';
import {
  DeleteUserResponseDto,
  EndUserRef,
  IdentifyUserRequest,
  ListUsersRequest,
  Requests,
  UserResponseDto,
  UsersListResponseDto,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { UsersService } from './users.service';

@Injectable()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @HandleRequest(Requests.identifyUser, IdentifyUserRequest)
  identify(request: IdentifyUserRequest): Promise<UserResponseDto> {
    return this.users.identify(request);
  }

  @HandleRequest(Requests.getUser, EndUserRef)
  get(request: EndUserRef): Promise<UserResponseDto> {
    return this.users.get(request);
  }

  @HandleRequest(Requests.listUsers, ListUsersRequest)
  list(request: ListUsersRequest): Promise<UsersListResponseDto> {
    return this.users.list(request);
  }

  @HandleRequest(Requests.deleteUser, EndUserRef)
  delete(request: EndUserRef): Promise<DeleteUserResponseDto> {
    return this.users.delete(request);
  }
}
