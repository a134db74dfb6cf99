import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';

export class PushDeviceDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  device_id!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  app_id?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  ad_id?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  platform?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  manufacturer?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  model?: string;
}

/** A mobile push token of a user (spec 2.7). */
export class PushTokenDto {
  @ApiProperty({ enum: ['FCM', 'APN'] })
  @IsIn(['FCM', 'APN'])
  type!: 'FCM' | 'APN';

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  token!: string;

  @ApiProperty({ type: PushDeviceDto })
  @ValidateNested()
  @Type(() => PushDeviceDto)
  device!: PushDeviceDto;

  @ApiPropertyOptional({ enum: ['sandbox', 'production'] })
  @IsOptional()
  @IsIn(['sandbox', 'production'])
  environment?: 'sandbox' | 'production';
}
