import { DomainError } from '@clarion/contracts';
import { decodeCallCursor, encodeCallCursor } from './call-cursor';

describe('call list cursor', () => {
  it('gives back the start and trackingId it was made of', () => {
    const cursor = {
      startedAt: new Date('2026-11-20T10:11:12.345Z'),
      trackingId: '01936f7e-3c1a-7cc2-9d0e-8c4f8b6f1a2b',
    };
    const sut = encodeCallCursor(cursor);
    expect(sut).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCallCursor(sut)).toEqual(cursor);
  });

  it.each([
    'not-a-cursor',
    Buffer.from('{"s":"yesterday","t":"01936f7e-3c1a-7cc2-9d0e-8c4f8b6f1a2b"}').toString(
      'base64url',
    ),
    Buffer.from('{"s":"2026-11-20T10:11:12.345Z","t":"x"}').toString('base64url'),
    Buffer.from('[]').toString('base64url'),
  ])('rejects %j naming the cursor', (text) => {
    expect(() => decodeCallCursor(text)).toThrow(DomainError);
    expect(() => decodeCallCursor(text)).toThrow('cursor is not a cursor of this list');
  });
});
