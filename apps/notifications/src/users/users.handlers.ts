import { Injectable } from '@nestjs/common';
import { EndUserRef, IdentifyUserRequest, Requests, UserResponseDto } from '@clarion/contracts';
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
}
