import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, IsUUID, Matches } from 'class-validator';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What a billing cycle cost, by kind (records.md OrganizationUsage, without the cycle's dates). */
export class UsageTotalsDto {
  @ApiProperty({ description: 'Messages of EMAIL, INAPP_WEB, WEB_PUSH, PUSH and SLACK.' })
  messageUsage!: number;

  @ApiProperty({
    description:
      'Spend of the cycle in USD, what counts against costCap: in Clarion every message costs, ' +
      'so this is more than costSms + costCall + costNumber.',
  })
  budgetUsage!: number;

  @ApiProperty({ description: 'SMS cost in USD.' })
  costSms!: number;

  @ApiProperty({ description: 'Call cost in USD: CALL messages and voice agent minutes.' })
  costCall!: number;

  @ApiProperty({ description: 'Phone number rent in USD.' })
  costNumber!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'Messages by channel (EMAIL, INAPP_WEB, SMS, CALL, PUSH, WEB_PUSH, SLACK).',
    example: { EMAIL: 120, SMS: 4 },
  })
  channelUsages!: Record<string, number>;
}

/** GET /organization/usage: the current billing cycle. */
export class OrganizationUsageDto extends UsageTotalsDto {
  @ApiProperty({ description: 'Start of the current billing cycle (ISO 8601).' })
  billingCycleStart!: string;

  @ApiProperty({ description: 'End of the current billing cycle, the next reset (ISO 8601).' })
  billingCycleEnd!: string;
}

export class OrganizationUsageHistoryItemDto extends UsageTotalsDto {
  @ApiProperty({ description: 'YYYY-MM of the start of the billing cycle.', example: '2026-03' })
  yearMonth!: string;
}

/** GET /organization/usage/history: one item per billing cycle, oldest first. */
export class OrganizationUsageHistoryDto {
  @ApiProperty({ type: [OrganizationUsageHistoryItemDto] })
  items!: OrganizationUsageHistoryItemDto[];
}

/** Query of GET /organization/usage/history. */
export class UsageHistoryQueryDto {
  @ApiProperty({ description: 'First day of the range (YYYY-MM-DD).', example: '2026-01-01' })
  @Matches(ISO_DATE, { message: 'startDate must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'startDate must be a day of the calendar' })
  startDate!: string;

  @ApiProperty({ description: 'Last day of the range (YYYY-MM-DD).', example: '2026-06-30' })
  @Matches(ISO_DATE, { message: 'endDate must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'endDate must be a day of the calendar' })
  endDate!: string;
}

export class UsageHistoryRequest extends UsageHistoryQueryDto {
  @IsUUID()
  accountId!: string;
}
