import { Injectable } from '@nestjs/common';
import { newTimeOrderedId, RegistrationSubject } from '@clarion/contracts';
import { EntityManager } from 'typeorm';
import { CarrierSubmission } from './carrier-registrar';

/** What was sent to carriers, by which operator, and the reference the carrier gave it. */
@Injectable()
export class CarrierSubmissionsRepository {
  async record(
    manager: EntityManager,
    submission: {
      accountId: string;
      subject: RegistrationSubject;
      carrier: string;
      reference: string;
      payload: CarrierSubmission;
      submittedBy: string;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO registrations.carrier_submissions
         (id, account_id, subject, carrier, reference, payload, submitted_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        newTimeOrderedId(),
        submission.accountId,
        submission.subject,
        submission.carrier,
        submission.reference,
        JSON.stringify(submission.payload),
        submission.submittedBy,
      ],
    );
  }
}
