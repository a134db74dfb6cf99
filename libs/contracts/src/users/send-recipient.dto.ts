import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, ValidateIf } from 'class-validator';
import { UserAttributesDto } from './user-fields.dto';

/** `to` of a send: a user that needs an id, an email or a number. */
export class SendRecipientDto extends UserAttributesDto {
  @ApiPropertyOptional({ description: 'User id; defaults to the email or number when omitted.' })
  @ValidateIf((o: SendRecipientDto) => o.email === undefined && o.number === undefined)
  @IsString({ message: 'to needs an id, an email or a number' })
  @IsNotEmpty()
  id?: string;
}
