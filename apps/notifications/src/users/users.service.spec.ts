import { randomUUID } from 'node:crypto';
import { ValidationFailedError } from '@clarion/contracts';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

describe(UsersService.name, () => {
  // The body's id is checked before the repository is reached: none is needed.
  const sut = new UsersService({} as UsersRepository);
  const identify = (userId: string, id: string) =>
    sut.identify({ accountId: randomUUID(), envId: randomUUID(), userId, fields: { id } });

  it('refuses a body id that differs from the path, quoting both', async () => {
    await expect(identify('ada', 'bob')).rejects.toThrow(
      'id "bob" differs from the userId "ada" of the path',
    );
  });

  it('quotes a long id in a message of bounded length (a 100 KB id made a 100 KB 400)', async () => {
    const error = await identify('ada', 'x'.repeat(100_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect((error as Error).message).toBe(
      `id "${'x'.repeat(64)}…" differs from the userId "ada" of the path`,
    );
  });
});
