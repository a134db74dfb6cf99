import {
  DomainError,
  ErrorCode,
  RegistrationActorRole,
  RegistrationStatus,
  RegistrationSubject,
  ReviewOutcome,
  ValidationFailedError,
} from '@clarion/contracts';

/**
 * What can happen to a registration. `submit` is every customer write (the first submission and
 * each edit, which resubmits); the others are operators'.
 */
export type WorkflowAction = 'submit' | 'send-to-carrier' | 'approve' | 'reject' | 'request-info';

export interface WorkflowTransition {
  from: RegistrationStatus;
  action: WorkflowAction;
  by: RegistrationActorRole;
  to: RegistrationStatus;
  /** The operator must say why (the customer reads it as statusReason). */
  reasonRequired?: true;
}

/**
 * The registration workflow (spec 3.1), the same for brands and campaigns. `not_started` stands
 * for "no registration yet". Customers edit only before carrier submission; `info_needed`
 * reopens editing, and an edit there resubmits. Anything not listed is refused.
 */
export const WORKFLOW: readonly WorkflowTransition[] = [
  { from: 'not_started', action: 'submit', by: 'customer', to: 'pending_review' },
  { from: 'pending_review', action: 'submit', by: 'customer', to: 'pending_review' },
  { from: 'info_needed', action: 'submit', by: 'customer', to: 'pending_review' },
  { from: 'pending_review', action: 'send-to-carrier', by: 'operator', to: 'in_progress' },
  {
    from: 'pending_review',
    action: 'request-info',
    by: 'operator',
    to: 'info_needed',
    reasonRequired: true,
  },
  {
    from: 'pending_review',
    action: 'reject',
    by: 'operator',
    to: 'rejected',
    reasonRequired: true,
  },
  { from: 'in_progress', action: 'approve', by: 'operator', to: 'approved' },
  { from: 'in_progress', action: 'reject', by: 'operator', to: 'rejected', reasonRequired: true },
  {
    from: 'in_progress',
    action: 'request-info',
    by: 'operator',
    to: 'info_needed',
    reasonRequired: true,
  },
];

const ACTION_OF_OUTCOME: Record<ReviewOutcome, WorkflowAction> = {
  approved: 'approve',
  rejected: 'reject',
  info_needed: 'request-info',
};

export function actionOfOutcome(outcome: ReviewOutcome): WorkflowAction {
  return ACTION_OF_OUTCOME[outcome];
}

/** The status `action` leads to from `from`; a clear domain error when the workflow refuses it. */
export function nextStatus(
  subject: RegistrationSubject,
  from: RegistrationStatus,
  action: WorkflowAction,
  reason?: string,
): RegistrationStatus {
  const transition = WORKFLOW.find((t) => t.from === from && t.action === action);
  if (!transition) {
    throw action === 'submit' ? lockedError(subject, from) : refusedError(subject, from, action);
  }
  if (transition.reasonRequired && !reason?.trim()) {
    throw new ValidationFailedError(
      `reason is required when the ${subject} becomes ${transition.to}`,
      'Say what the customer must change or why the registration was refused (--reason "…").',
    );
  }
  return transition.to;
}

/** The customer's statuses where an edit is refused: after carrier submission. */
function lockedError(subject: RegistrationSubject, status: RegistrationStatus): DomainError {
  const field = `${subject}Status`;
  if (status === 'approved') {
    return new DomainError(
      ErrorCode.REGISTRATION_LOCKED,
      `The ${subject} registration is approved (${field} approved) and can no longer be edited`,
      'An approved registration is final. To register different details, contact the service operator.',
    );
  }
  if (status === 'rejected') {
    return new DomainError(
      ErrorCode.REGISTRATION_LOCKED,
      `The ${subject} registration was rejected (${field} rejected) and can no longer be edited`,
      'statusReason says why it was rejected; contact the service operator to register again.',
    );
  }
  return new DomainError(
    ErrorCode.REGISTRATION_LOCKED,
    `The ${subject} registration was submitted to carriers (${field} ${status}) and can no longer be edited`,
    `Business fields are editable only before carrier submission. Wait for the review: if it needs more information (${field} info_needed), edit the ${subject} then and it is resubmitted.`,
  );
}

function refusedError(
  subject: RegistrationSubject,
  from: RegistrationStatus,
  action: WorkflowAction,
): DomainError {
  const allowedFrom = WORKFLOW.filter((t) => t.action === action).map((t) => t.from);
  return new DomainError(
    ErrorCode.REGISTRATION_TRANSITION_INVALID,
    `Cannot ${action} the ${subject}: it is ${from}, and ${action} needs ${allowedFrom.join(' or ')}`,
    'List the registrations awaiting review with `npm run admin -- registrations list`.',
  );
}
