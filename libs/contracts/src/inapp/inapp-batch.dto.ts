import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One send gathered into a batched in-app entry. */
export class InappBatchItemDto {
  @ApiProperty({ description: 'The trackingId of the send.' })
  trackingId!: string;

  @ApiProperty()
  title!: string;

  @ApiPropertyOptional()
  redirectURL?: string;

  @ApiPropertyOptional()
  imageURL?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  parameters?: Record<string, unknown>;

  @ApiProperty({ description: 'When the send was received (ISO 8601).' })
  createdAt!: string;
}

/**
 * The sends an in-app entry of a batching type gathered within its window (INAPP_WEB
 * `instant.batching`): how many, and the latest few, so an inbox can say "Ada and 4 others…".
 */
export class InappBatchDto {
  @ApiProperty({ description: 'How many sends the entry gathered.' })
  count!: number;

  @ApiProperty({ type: [InappBatchItemDto], description: 'The latest 10, newest first.' })
  items!: InappBatchItemDto[];
}
