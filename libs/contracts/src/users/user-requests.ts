import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { EndUserRef } from '../inapp/inbox-requests';
import { UserFieldsDto } from './user-fields.dto';

export class IdentifyUserRequest extends EndUserRef {
  @ValidateNested()
  @Type(() => UserFieldsDto)
  fields!: UserFieldsDto;
}
