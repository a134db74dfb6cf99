import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import {
  CAMPAIGN_FLAG_FIELDS,
  CAMPAIGN_TEXT_FIELDS,
  CampaignUpdateDto,
} from './campaign-update.dto';
import { REGISTRATION_STATUSES, RegistrationStatus } from './registration-status';

/** The campaign registration of an account (spec 2.5 response); fields never given are absent. */
export class CampaignResponseDto extends PickType(CampaignUpdateDto, [
  ...CAMPAIGN_TEXT_FIELDS,
  ...CAMPAIGN_FLAG_FIELDS,
]) {
  @ApiProperty()
  accountId!: string;

  @ApiProperty({ enum: REGISTRATION_STATUSES })
  campaignStatus!: RegistrationStatus;

  @ApiPropertyOptional({
    description: 'Why the review rejected the campaign or needs more information',
  })
  statusReason?: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}
