/** The 10DLC workflow status of a brand or campaign (spec 3.1, records.md A2pRegistration*StatusEnum). */
export const REGISTRATION_STATUSES = [
  'not_started',
  'pending_review',
  'in_progress',
  'approved',
  'rejected',
  'info_needed',
] as const;

export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** What a registration status belongs to. */
export const REGISTRATION_SUBJECTS = ['brand', 'campaign'] as const;

export type RegistrationSubject = (typeof REGISTRATION_SUBJECTS)[number];

/** The outcomes an operator records after review. */
export const REVIEW_OUTCOMES = ['approved', 'rejected', 'info_needed'] as const;

export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** Who changed a status: the customer (through the API) or an operator of the service. */
export type RegistrationActorRole = 'customer' | 'operator';
