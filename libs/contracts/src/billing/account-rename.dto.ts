import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { AccountScope } from './principal';

/** Body of POST /account (records.md CreateAccountRequestBody): the account's new name. */
export class RenameAccountDto {
  @ApiProperty({ example: 'Acme Europe' })
  @IsString()
  @Matches(/\S/, { message: 'name must not be blank' })
  @MaxLength(200)
  name!: string;
}

/** Answer of POST /account (records.md CreateAccountResponse). */
export class RenameAccountResponseDto {
  @ApiProperty()
  accountId!: string;

  @ApiProperty()
  name!: string;
}

export class RenameAccountRequest extends AccountScope {
  /** The role of the member renaming; absent when an API key asks. */
  @IsOptional()
  @IsString()
  memberRole?: string;

  @ValidateNested()
  @Type(() => RenameAccountDto)
  changes!: RenameAccountDto;
}
