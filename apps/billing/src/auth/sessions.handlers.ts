import { Injectable } from '@nestjs/common';
import {
  LoginDto,
  LoginResponseDto,
  Principal,
  Requests,
  ResolveSessionRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { SessionsService } from './sessions.service';

@Injectable()
export class SessionsHandlers {
  constructor(private readonly sessions: SessionsService) {}

  @HandleRequest(Requests.login, LoginDto)
  login(request: LoginDto): Promise<LoginResponseDto> {
    return this.sessions.login(request);
  }

  @HandleRequest(Requests.resolveSession, ResolveSessionRequest)
  resolve(request: ResolveSessionRequest): Promise<Principal> {
    return this.sessions.resolve(request.tokenHash);
  }
}
