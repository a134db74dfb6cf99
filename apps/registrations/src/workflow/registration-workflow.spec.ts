import {
  DomainError,
  ErrorCode,
  REGISTRATION_STATUSES,
  RegistrationStatus,
} from '@clarion/contracts';
import { actionOfOutcome, nextStatus, WORKFLOW, WorkflowAction } from './registration-workflow';

function codeOf(run: () => unknown): ErrorCode | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : undefined;
  }
}

describe(nextStatus.name, () => {
  it('creates a registration in pending_review', () => {
    expect(nextStatus('brand', 'not_started', 'submit')).toBe('pending_review');
  });

  it('lets customers edit before carrier submission, and resubmits from info_needed', () => {
    expect(nextStatus('brand', 'pending_review', 'submit')).toBe('pending_review');
    expect(nextStatus('campaign', 'info_needed', 'submit')).toBe('pending_review');
  });

  it.each(['in_progress', 'approved', 'rejected'] as RegistrationStatus[])(
    'refuses a customer edit in %s with REGISTRATION_LOCKED and a fix',
    (status) => {
      try {
        nextStatus('brand', status, 'submit');
        throw new Error('no error');
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe(ErrorCode.REGISTRATION_LOCKED);
        expect((error as DomainError).message).toContain(`brandStatus ${status}`);
        expect((error as DomainError).fix).toBeTruthy();
      }
    },
  );

  it('sends a pending_review registration to carriers and records the outcomes of in_progress', () => {
    expect(nextStatus('brand', 'pending_review', 'send-to-carrier')).toBe('in_progress');
    expect(nextStatus('brand', 'in_progress', 'approve')).toBe('approved');
    expect(nextStatus('brand', 'in_progress', 'reject', 'spam')).toBe('rejected');
    expect(nextStatus('campaign', 'in_progress', 'request-info', 'add samples')).toBe(
      'info_needed',
    );
  });

  it('lets the operator refuse or ask for information before carrier submission', () => {
    expect(nextStatus('brand', 'pending_review', 'request-info', 'EIN mismatch')).toBe(
      'info_needed',
    );
    expect(nextStatus('brand', 'pending_review', 'reject', 'not a business')).toBe('rejected');
  });

  it('requires a reason for rejected and info_needed, but not for approved', () => {
    expect(codeOf(() => nextStatus('brand', 'in_progress', 'reject'))).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
    expect(codeOf(() => nextStatus('brand', 'in_progress', 'request-info', '  '))).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
    expect(codeOf(() => nextStatus('brand', 'in_progress', 'approve'))).toBeUndefined();
  });

  it('refuses every operator action the table does not list', () => {
    const operatorActions: WorkflowAction[] = [
      'send-to-carrier',
      'approve',
      'reject',
      'request-info',
    ];
    for (const from of REGISTRATION_STATUSES) {
      for (const action of operatorActions) {
        const listed = WORKFLOW.some((t) => t.from === from && t.action === action);
        const code = codeOf(() => nextStatus('campaign', from, action, 'a reason'));
        expect([from, action, code]).toEqual([
          from,
          action,
          listed ? undefined : ErrorCode.REGISTRATION_TRANSITION_INVALID,
        ]);
      }
    }
  });

  it('never approves without carrier review, and never leaves a final outcome', () => {
    expect(codeOf(() => nextStatus('brand', 'pending_review', 'approve'))).toBe(
      ErrorCode.REGISTRATION_TRANSITION_INVALID,
    );
    for (const final of ['approved', 'rejected'] as RegistrationStatus[]) {
      expect(WORKFLOW.filter((t) => t.from === final)).toEqual([]);
    }
  });

  it('keeps customer and operator actions apart', () => {
    expect(WORKFLOW.filter((t) => t.by === 'customer').map((t) => t.action)).toEqual([
      'submit',
      'submit',
      'submit',
    ]);
    expect(WORKFLOW.filter((t) => t.by === 'operator').every((t) => t.action !== 'submit')).toBe(
      true,
    );
  });

  it('maps review outcomes to their actions', () => {
    expect(actionOfOutcome('approved')).toBe('approve');
    expect(actionOfOutcome('rejected')).toBe('reject');
    expect(actionOfOutcome('info_needed')).toBe('request-info');
  });
});
