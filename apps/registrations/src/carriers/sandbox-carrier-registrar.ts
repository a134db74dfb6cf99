import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { CarrierReceipt, CarrierRegistrar, CarrierSubmission } from './carrier-registrar';

/**
 * The development carrier: accepts every submission without sending it anywhere and answers a
 * `sandbox-` reference. The submission itself is recorded by the caller (carrier_submissions).
 */
@Injectable()
export class SandboxCarrierRegistrar implements CarrierRegistrar {
  readonly name = 'sandbox';
  private readonly logger = new Logger(SandboxCarrierRegistrar.name);

  submit(submission: CarrierSubmission): Promise<CarrierReceipt> {
    const reference = `sandbox-${submission.subject}-${randomUUID()}`;
    this.logger.log(
      `sandbox: ${submission.subject} of account ${submission.accountId} recorded as ${reference}, not sent to carriers`,
    );
    return Promise.resolve({ reference });
  }
}
