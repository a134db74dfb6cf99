import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
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

  @ApiPropertyOptional({
    description: 'lastEvaluatedKey of the previous page; empty or left out for the first page.',
  })
  // The hosted service's SDK requires the parameter, so its first page sends `nextToken=`.
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
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
