import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';
import { UserResponseDto } from './user-response.dto';

export const DEFAULT_USERS_PAGE = 50;
export const MAX_USERS_PAGE = 100;

/** Query of GET /users. */
export class UsersListQueryDto {
  @ApiPropertyOptional({ default: DEFAULT_USERS_PAGE, maximum: MAX_USERS_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_USERS_PAGE)
  limit?: number;

  @ApiPropertyOptional({ description: 'lastEvaluatedKey of the previous page.' })
  @IsOptional()
  @IsString()
  nextToken?: string;
}

export class UsersListResponseDto {
  @ApiProperty({ type: [UserResponseDto] })
  users!: UserResponseDto[];

  @ApiPropertyOptional({ description: 'Pass as nextToken for the next page.' })
  lastEvaluatedKey?: string;

  @ApiProperty()
  hasMore!: boolean;
}

export class DeleteUserResponseDto {
  @ApiProperty()
  message!: string;
}

export class ListUsersRequest extends TenantScope {
  @IsInt()
  @Min(1)
  @Max(MAX_USERS_PAGE)
  limit!: number;

  @IsOptional()
  @IsString()
  after?: string;
}
