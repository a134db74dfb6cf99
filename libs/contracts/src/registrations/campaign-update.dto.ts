import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { IsManagedByService, IsText, IsWebsite } from './registration-field.decorators';

/** Maximum lengths of the campaign texts (those of The Campaign Registry, which carriers use). */
export const CAMPAIGN_LIMITS = {
  description: 4096,
  sample: 1024,
  messageFlow: 4096,
  keywords: 255,
  message: 320,
  url: 2048,
  usecase: 64,
} as const;

const Text = (max: number) => IsText({ max, allowEmpty: true });
const Url = () => IsWebsite({ max: CAMPAIGN_LIMITS.url, allowEmpty: true });
const Flag = () => IsBoolean({ message: '$property must be true or false' });

/**
 * PATCH /registrations/us/10dlc/campaign (spec 2.5): every field optional; null or an empty
 * string clears one. The first update creates the campaign and submits it for review.
 */
export class CampaignUpdateDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.description })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.description)
  campaignDescription?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.sample })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.sample)
  campaignSample1?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.sample })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.sample)
  campaignSample2?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.sample })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.sample)
  campaignSample3?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.sample })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.sample)
  campaignSample4?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.messageFlow })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.messageFlow)
  campaignMessageFlow?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.keywords })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.keywords)
  campaignOptinKeywords?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.message })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.message)
  campaignOptinMessage?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.keywords })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.keywords)
  campaignOptoutKeywords?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.message })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.message)
  campaignOptoutMessage?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.keywords })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.keywords)
  campaignHelpKeywords?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CAMPAIGN_LIMITS.message })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.message)
  campaignHelpMessage?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://example.com/welcome' })
  @IsOptional()
  @Url()
  campaignEmbeddedLinkUrl?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://example.com/privacy' })
  @IsOptional()
  @Url()
  campaignPrivacyPolicyLink?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://example.com/terms' })
  @IsOptional()
  @Url()
  campaignTermsAndConditionsLink?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: CAMPAIGN_LIMITS.usecase,
    example: 'ACCOUNT_NOTIFICATION',
  })
  @IsOptional()
  @Text(CAMPAIGN_LIMITS.usecase)
  campaignUsecase?: string | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional()
  @Flag()
  campaignEmbeddedLink?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional()
  @Flag()
  campaignEmbeddedPhone?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional()
  @Flag()
  campaignAgeGated?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional()
  @Flag()
  campaignDirectLending?: boolean | null;

  @IsManagedByService()
  campaignStatus?: never;
}

/** The campaign fields of spec 2.5, in the order the spec lists them. */
export const CAMPAIGN_TEXT_FIELDS = [
  'campaignDescription',
  'campaignSample1',
  'campaignSample2',
  'campaignSample3',
  'campaignSample4',
  'campaignMessageFlow',
  'campaignOptinKeywords',
  'campaignOptinMessage',
  'campaignOptoutKeywords',
  'campaignOptoutMessage',
  'campaignHelpKeywords',
  'campaignHelpMessage',
  'campaignEmbeddedLinkUrl',
  'campaignPrivacyPolicyLink',
  'campaignTermsAndConditionsLink',
  'campaignUsecase',
] as const;

export const CAMPAIGN_FLAG_FIELDS = [
  'campaignEmbeddedLink',
  'campaignEmbeddedPhone',
  'campaignAgeGated',
  'campaignDirectLending',
] as const;

export type CampaignTextField = (typeof CAMPAIGN_TEXT_FIELDS)[number];
export type CampaignFlagField = (typeof CAMPAIGN_FLAG_FIELDS)[number];

/** The business fields of a campaign as stored and answered (absent when not given). */
export type CampaignFields = Partial<Record<CampaignTextField, string>> &
  Partial<Record<CampaignFlagField, boolean>>;
