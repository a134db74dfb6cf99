import { Injectable } from '@nestjs/common';
import { AuditRecords, Consumers, RegistrationStatusChangedEvent } from '@clarion/contracts';
import { ConsumeJobs, JobItem } from '@clarion/messaging';
import { A2pCampaignsRepository } from './a2p-campaigns.repository';

/**
 * Follows the 10DLC campaign of each account from registrations' audit records, so that the
 * a2pStatus of its US numbers says whether carriers take their texts. A new deployment reads
 * the whole AUDIT history first (a durable consumer from the start).
 */
@Injectable()
export class A2pCampaignsConsumer {
  constructor(private readonly campaigns: A2pCampaignsRepository) {}

  @ConsumeJobs(AuditRecords.registrationStatusChanged, {
    durable: Consumers.numbersA2pCampaigns,
    maxBatch: 200,
  })
  async handle(items: JobItem<RegistrationStatusChangedEvent>[]): Promise<void> {
    const campaigns = items
      .map((item) => item.payload)
      .filter((change) => change.subject === 'campaign');
    await this.campaigns.apply(campaigns);
  }
}
