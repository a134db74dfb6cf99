import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { UserAttributesDto } from './user-fields.dto';

/** `to` of a send: a user that needs an id, an email or a number. */
export class SendRecipientDto extends UserAttributesDto {
  @ApiPropertyOptional({ description: 'User id; defaults to the email or number when omitted.' })
  // Checked whenever it is given too: with an email, an id of [[]] was accepted and the send
  // dead-lettered in the pipeline ("malformed array literal").
  @ValidateIf(
    (o: SendRecipientDto) =>
      o.id !== undefined || (o.email === undefined && o.number === undefined),
  )
  @IsString({ message: 'to needs an id, an email or a number' })
  @IsNotEmpty()
  // The users' index holds it: 10,000 characters were accepted, then the send dead-lettered
  // (index row over 8,191 bytes).
  @MaxLength(1_000)
  id?: string;
}
