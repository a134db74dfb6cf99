import { Injectable } from '@nestjs/common';
import {
  AcceptInviteRequest,
  AcceptInviteResponseDto,
  AccountScope,
  AutoJoinResponseDto,
  ChangeEmailRequest,
  InviteMemberRequest,
  InviteResponseDto,
  MemberResponseDto,
  ProfileScope,
  RemoveMemberRequest,
  Requests,
  SetAutoJoinRequest,
  SuccessResponseDto,
  UpdateMemberRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { ProfileService } from '../profile/profile.service';
import { AutoJoinService } from './auto-join.service';
import { MembersService } from './members.service';

@Injectable()
export class MembersHandlers {
  constructor(
    private readonly members: MembersService,
    private readonly profiles: ProfileService,
    private readonly autoJoin: AutoJoinService,
  ) {}

  @HandleRequest(Requests.listMembers, AccountScope)
  list(request: AccountScope): Promise<MemberResponseDto[]> {
    return this.members.list(request.accountId);
  }

  @HandleRequest(Requests.inviteMember, InviteMemberRequest)
  invite(request: InviteMemberRequest): Promise<InviteResponseDto> {
    return this.members.invite(request.actor, request.invite);
  }

  @HandleRequest(Requests.updateMember, UpdateMemberRequest)
  update(request: UpdateMemberRequest): Promise<SuccessResponseDto> {
    return this.members.updateRole(request.actor, request.userId, request.role);
  }

  @HandleRequest(Requests.removeMember, RemoveMemberRequest)
  remove(request: RemoveMemberRequest): Promise<SuccessResponseDto> {
    return this.members.remove(request.actor, request.userId);
  }

  @HandleRequest(Requests.getAutoJoin, AccountScope)
  getAutoJoin(request: AccountScope): Promise<AutoJoinResponseDto> {
    return this.autoJoin.get(request.accountId);
  }

  @HandleRequest(Requests.setAutoJoin, SetAutoJoinRequest)
  setAutoJoin(request: SetAutoJoinRequest): Promise<AutoJoinResponseDto> {
    return this.autoJoin.set(request.actor, request.autoJoin.domains);
  }

  @HandleRequest(Requests.acceptInvite, AcceptInviteRequest)
  acceptInvite(request: AcceptInviteRequest): Promise<AcceptInviteResponseDto> {
    return this.profiles.acceptInvite(request.profileId, request.token);
  }

  @HandleRequest(Requests.changeEmail, ChangeEmailRequest)
  changeEmail(request: ChangeEmailRequest): Promise<SuccessResponseDto> {
    return this.profiles.changeEmail(request.profileId, request.newEmail);
  }

  @HandleRequest(Requests.deleteProfile, ProfileScope)
  deleteProfile(request: ProfileScope): Promise<SuccessResponseDto> {
    return this.profiles.delete(request.profileId);
  }
}
