import { userInfo } from 'node:os';
import { parseAdminCommand } from './admin-command';

const ACCOUNT = '0197a6f0-0000-7000-8000-000000000001';

describe('parseAdminCommand registrations', () => {
  it('lists registrations awaiting review, optionally of another status or one subject', () => {
    expect(parseAdminCommand(['registrations', 'list'])).toEqual({ kind: 'registrations list' });
    expect(
      parseAdminCommand([
        'registrations',
        'list',
        '--status',
        'in_progress',
        '--subject',
        'campaign',
      ]),
    ).toEqual({ kind: 'registrations list', status: 'in_progress', subject: 'campaign' });
    expect(() => parseAdminCommand(['registrations', 'list', '--status', 'done'])).toThrow(
      /--status must be one of not_started, pending_review/,
    );
  });

  it('submits as the named operator, or as the OS user', () => {
    expect(
      parseAdminCommand([
        'registrations',
        'submit',
        '--account',
        ACCOUNT,
        '--subject',
        'brand',
        '--operator',
        'grace',
      ]),
    ).toEqual({
      kind: 'registrations submit',
      accountId: ACCOUNT,
      subject: 'brand',
      operator: 'grace',
    });
    expect(
      parseAdminCommand(['registrations', 'submit', '--account', ACCOUNT, '--subject', 'campaign']),
    ).toMatchObject({ operator: userInfo().username });
  });

  it('records an outcome, with the reason the customer reads for rejected and info_needed', () => {
    expect(
      parseAdminCommand([
        'registrations',
        'decide',
        '--account',
        ACCOUNT,
        '--subject',
        'brand',
        '--status',
        'info_needed',
        '--reason',
        'Add the EIN letter',
        '--operator',
        'grace',
      ]),
    ).toEqual({
      kind: 'registrations decide',
      accountId: ACCOUNT,
      subject: 'brand',
      status: 'info_needed',
      reason: 'Add the EIN letter',
      operator: 'grace',
    });
    const decide = ['registrations', 'decide', '--account', ACCOUNT, '--subject', 'brand'];
    expect(() => parseAdminCommand([...decide, '--status', 'rejected'])).toThrow(
      /--reason is required with --status rejected/,
    );
    expect(() => parseAdminCommand([...decide, '--status', 'in_progress'])).toThrow(
      /--status must be one of approved, rejected, info_needed/,
    );
  });

  it('wants an account and a subject, and knows its verbs', () => {
    expect(() => parseAdminCommand(['registrations', 'show'])).toThrow(/--account must be/);
    expect(() =>
      parseAdminCommand(['registrations', 'submit', '--account', ACCOUNT, '--subject', 'number']),
    ).toThrow(/--subject must be one of brand, campaign/);
    expect(() => parseAdminCommand(['registrations', 'approve'])).toThrow(
      /unknown command: registrations approve/,
    );
  });
});
