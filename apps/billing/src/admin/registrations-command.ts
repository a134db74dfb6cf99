import { userInfo } from 'node:os';
import {
  REGISTRATION_STATUSES,
  REGISTRATION_SUBJECTS,
  RegistrationStatus,
  RegistrationSubject,
  REVIEW_OUTCOMES,
  ReviewOutcome,
  STATUS_REASON_MAX_LENGTH,
} from '@clarion/contracts';

export interface ListRegistrationsAdminCommand {
  kind: 'registrations list';
  status?: RegistrationStatus;
  subject?: RegistrationSubject;
}

export interface ShowRegistrationsAdminCommand {
  kind: 'registrations show';
  accountId: string;
}

export interface SubmitRegistrationAdminCommand {
  kind: 'registrations submit';
  accountId: string;
  subject: RegistrationSubject;
  operator: string;
}

export interface DecideRegistrationAdminCommand {
  kind: 'registrations decide';
  accountId: string;
  subject: RegistrationSubject;
  status: ReviewOutcome;
  reason?: string;
  operator: string;
}

export type RegistrationsAdminCommand =
  | ListRegistrationsAdminCommand
  | ShowRegistrationsAdminCommand
  | SubmitRegistrationAdminCommand
  | DecideRegistrationAdminCommand;

export const REGISTRATIONS_USAGE = [
  `       npm run admin -- registrations list [--status ${REGISTRATION_STATUSES.join('|')}] [--subject brand|campaign]`,
  '       npm run admin -- registrations show --account <accountId>',
  '       npm run admin -- registrations submit --account <accountId> --subject brand|campaign [--operator <name>]',
  `       npm run admin -- registrations decide --account <accountId> --subject brand|campaign --status ${REVIEW_OUTCOMES.join('|')} [--reason <text>] [--operator <name>]`,
].join('\n');

/**
 * The operator's commands on 10DLC registrations (verb after `registrations`). Every change
 * names the operator: `--operator`, else the OS user running the command.
 */
export function parseRegistrationsCommand(
  verb: string,
  values: Record<string, string | undefined>,
  usage: string,
): RegistrationsAdminCommand {
  const fail = (problem: string): never => {
    throw new Error(`${problem}\n${usage}`);
  };
  switch (verb) {
    case 'list': {
      const status = optionalOneOf(values['status'], REGISTRATION_STATUSES, '--status', fail);
      const subject = optionalOneOf(values['subject'], REGISTRATION_SUBJECTS, '--subject', fail);
      return {
        kind: 'registrations list',
        ...(status && { status }),
        ...(subject && { subject }),
      };
    }
    case 'show':
      return { kind: 'registrations show', accountId: accountIdOf(values, fail) };
    case 'submit':
      return {
        kind: 'registrations submit',
        accountId: accountIdOf(values, fail),
        subject: subjectOf(values, fail),
        operator: operatorOf(values, fail),
      };
    case 'decide': {
      const status = optionalOneOf(values['status'], REVIEW_OUTCOMES, '--status', fail);
      if (!status) return fail(`--status must be one of ${REVIEW_OUTCOMES.join(', ')}`);
      const reason = values['reason']?.trim();
      if ((status === 'rejected' || status === 'info_needed') && !reason) {
        return fail(`--reason is required with --status ${status}: the customer reads it`);
      }
      if (reason && reason.length > STATUS_REASON_MAX_LENGTH) {
        return fail(`--reason must have at most ${STATUS_REASON_MAX_LENGTH} characters`);
      }
      return {
        kind: 'registrations decide',
        accountId: accountIdOf(values, fail),
        subject: subjectOf(values, fail),
        status,
        ...(reason && { reason }),
        operator: operatorOf(values, fail),
      };
    }
    default:
      return fail(`unknown command: registrations ${verb}`);
  }
}

function accountIdOf(values: Record<string, string | undefined>, fail: (p: string) => never) {
  const accountId = values['account']?.trim();
  if (!accountId || !/^[0-9a-f-]{36}$/i.test(accountId)) fail('--account must be an accountId');
  return accountId as string;
}

function subjectOf(
  values: Record<string, string | undefined>,
  fail: (p: string) => never,
): RegistrationSubject {
  const subject = optionalOneOf(values['subject'], REGISTRATION_SUBJECTS, '--subject', fail);
  return subject ?? fail('--subject must be brand or campaign');
}

function operatorOf(values: Record<string, string | undefined>, fail: (p: string) => never) {
  const operator = (values['operator'] ?? defaultOperator()).trim();
  if (!operator || operator.length > 200)
    fail('--operator must name the operator (at most 200 characters)');
  return operator;
}

/** The OS user running the command; the shell's idea of it when the system has no entry. */
function defaultOperator(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env['USER'] ?? process.env['USERNAME'] ?? '';
  }
}

function optionalOneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  option: string,
  fail: (p: string) => never,
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((a) => a === value);
  return found ?? fail(`${option} must be one of ${allowed.join(', ')}`);
}
