import { plainToInstance } from 'class-transformer';
import { IsBoolean, validateSync } from 'class-validator';
import { IsOmittable } from './is-omittable.decorator';

class Settings {
  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;
}

const problemsOf = (body: object) =>
  validateSync(plainToInstance(Settings, body)).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  );

describe(IsOmittable.name, () => {
  it('accepts the property left out or given a value of its type', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ enabled: false })).toEqual([]);
  });

  it('refuses an explicit null with the message of the type check', () => {
    expect(problemsOf({ enabled: null })).toEqual(['enabled must be a boolean value']);
  });
});
