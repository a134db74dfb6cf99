import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Channel } from '../common/channel.enum';

/** A template (records.md Template) with its content fields beside the identifiers. */
export class TemplateResponseDto {
  @ApiProperty() envId!: string;
  @ApiProperty() notificationId!: string;
  @ApiProperty() templateId!: string;
  @ApiProperty({ enum: Channel }) channel!: Channel;
  @ApiProperty({ description: 'Used when a send names no templateId' }) default!: boolean;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'boolean' },
    description:
      'For instant, hourly, daily, weekly and monthly: whether a send delivered that way without a templateId uses this template.',
    example: { instant: true, hourly: true, daily: false, weekly: true, monthly: true },
  })
  isDefaultFor?: Record<string, boolean>;
  @ApiPropertyOptional() createdAt?: string;
  @ApiPropertyOptional() updatedAt?: string;
  [contentField: string]: unknown;
}
