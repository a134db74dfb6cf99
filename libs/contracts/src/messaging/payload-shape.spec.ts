import { checkOf } from './payload-shape';

interface Job {
  id: string;
  attempts: number;
  urgent?: boolean;
  tags: string[];
  content: Record<string, unknown>;
  note?: unknown;
}

describe(checkOf.name, () => {
  const check = checkOf<Job>({
    id: 'string',
    attempts: 'number',
    urgent: 'boolean?',
    tags: 'array',
    content: 'object',
    note: 'unknown?',
  });
  const valid: Job = { id: 'a', attempts: 1, tags: [], content: {} };

  it('passes a message of the shape, with or without its optional fields', () => {
    expect(check(valid)).toBeUndefined();
    expect(check({ ...valid, urgent: true, note: 7 })).toBeUndefined();
    expect(check({ ...valid, urgent: null })).toBeUndefined();
  });

  it('names a missing required field', () => {
    const { attempts: _attempts, ...withoutAttempts } = valid;
    expect(check(withoutAttempts)).toBe('attempts is missing');
    expect(check({ ...valid, id: null })).toBe('id is missing');
  });

  it('names a field of the wrong JSON type, telling arrays from objects', () => {
    expect(check({ ...valid, attempts: '1' })).toBe('attempts must be a number');
    expect(check({ ...valid, tags: {} })).toBe('tags must be an array');
    expect(check({ ...valid, content: [] })).toBe('content must be an object');
    expect(check({ ...valid, urgent: 'yes' })).toBe('urgent must be a boolean');
  });
});
