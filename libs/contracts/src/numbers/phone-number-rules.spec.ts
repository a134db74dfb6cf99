import { toE164 } from './phone-number-rules';

describe(toE164.name, () => {
  it.each([
    ['+15558675310', '+15558675310'],
    ['+1 (555) 867-5310', '+15558675310'],
    [' +44 20 7946 0958 ', '+442079460958'],
    ['+33.1.23.45.67.89', '+33123456789'],
  ])('reads %j as %s', (written, e164) => {
    expect(toE164(written)).toBe(e164);
  });

  it.each(['5558675310', '+0123456', '+1234567890123456', 'call me', '', '+1 555 CALL NOW'])(
    'refuses %j',
    (written) => {
      expect(toE164(written)).toBeUndefined();
    },
  );
});
