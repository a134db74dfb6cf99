import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** Query of GET /user/inapp. */
export class InappListQueryDto {
  @ApiPropertyOptional({
    description: 'Only notifications before this time (epoch ms or ISO date).',
  })
  @IsOptional()
  @IsString()
  before?: string;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  count?: number;
}
