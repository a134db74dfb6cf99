import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AccountScope } from '../billing/principal';

export const SENDER_DOMAIN_STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;
/** PENDING until its records were looked up; SUCCESS once DKIM and SPF are published. */
export type SenderDomainStatus = (typeof SENDER_DOMAIN_STATUSES)[number];

export const DNS_RECORD_PURPOSES = ['DKIM', 'SPF', 'RETURN_PATH'] as const;
export type DnsRecordPurpose = (typeof DNS_RECORD_PURPOSES)[number];

/** POST /domains (the hosted service's PostSendersRequestBody). */
export class AddSenderDomainDto {
  @ApiProperty({ example: 'example.com', description: 'The domain only, not an email address' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(253)
  sender!: string;
}

/** A DNS record the domain's owner publishes, and what the last look-up found. */
export class SenderDomainDnsRecordDto {
  @ApiProperty({ enum: DNS_RECORD_PURPOSES })
  purpose!: DnsRecordPurpose;

  @ApiProperty({ enum: ['TXT', 'MX'] })
  type!: 'TXT' | 'MX';

  @ApiProperty({ example: 'clarion1._domainkey.example.com' })
  name!: string;

  @ApiProperty({ description: 'The value to publish (for MX: the host, priority 10)' })
  value!: string;

  @ApiProperty({ enum: SENDER_DOMAIN_STATUSES })
  status!: SenderDomainStatus;
}

/** A sender domain (the hosted service's GetSendersResponseInner; its DKIM key never leaves). */
export class SenderDomainResponseDto {
  @ApiProperty({ example: 'example.com' })
  sender!: string;

  @ApiProperty({ enum: SENDER_DOMAIN_STATUSES })
  status!: SenderDomainStatus;

  @ApiProperty({ description: 'When the records were last looked up (or the domain added)' })
  lastSync!: string;

  @ApiProperty()
  createdAt!: string;

  @ApiProperty({ description: 'DKIM selector: the key is published at <selector>._domainkey' })
  selector!: string;

  @ApiPropertyOptional({ description: 'The DKIM TXT value to publish', type: [String] })
  verificationTokens?: string[];

  @ApiPropertyOptional({
    enum: SENDER_DOMAIN_STATUSES,
    description: 'The return-path (bounce) MX record',
  })
  mailFromDomainStatus?: SenderDomainStatus;

  @ApiProperty({ type: [SenderDomainDnsRecordDto] })
  dnsRecords!: SenderDomainDnsRecordDto[];
}

export class SenderDomainRequest extends AccountScope {
  @IsString()
  @IsNotEmpty()
  @MaxLength(253)
  sender!: string;
}
