import { parseAdminCommand } from './admin-command';

describe(parseAdminCommand.name, () => {
  it('reads account create with its name and owner email', () => {
    expect(
      parseAdminCommand(['account', 'create', '--name', 'Acme', '--email', 'ops@acme.test']),
    ).toEqual({
      kind: 'account create',
      name: 'Acme',
      email: 'ops@acme.test',
    });
  });

  it('rejects an unknown command with the usage line', () => {
    expect(() => parseAdminCommand(['account', 'delete'])).toThrow(/usage: npm run admin/);
  });

  it('rejects a missing name and a malformed email', () => {
    expect(() => parseAdminCommand(['account', 'create', '--email', 'ops@acme.test'])).toThrow(
      /--name is required/,
    );
    expect(() =>
      parseAdminCommand(['account', 'create', '--name', 'A', '--email', 'nope']),
    ).toThrow(/--email must be/);
  });
});

describe('parseAdminCommand --password', () => {
  it('takes an owner password of at least 8 characters', () => {
    expect(
      parseAdminCommand([
        'account',
        'create',
        '--name',
        'A',
        '--email',
        'a@b.test',
        '--password',
        'long enough',
      ]),
    ).toMatchObject({
      password: 'long enough',
    });
    expect(() =>
      parseAdminCommand([
        'account',
        'create',
        '--name',
        'A',
        '--email',
        'a@b.test',
        '--password',
        'short',
      ]),
    ).toThrow(/at least 8 characters/);
  });
});
