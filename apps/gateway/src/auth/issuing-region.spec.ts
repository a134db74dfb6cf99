import { regionDirectoryOf } from '@clarion/config';
import { ErrorCode, UnauthorizedError } from '@clarion/contracts';
import { IssuingRegion } from './issuing-region';

describe(IssuingRegion.name, () => {
  const sut = new IssuingRegion(
    regionDirectoryOf({
      CLARION_REGION: 'ca',
      CLARION_REGION_URLS: 'us=https://api.us.test,eu=https://api.eu.test',
      PUBLIC_URL: 'https://api.ca.test',
    }),
  );
  const invalid = () => new UnauthorizedError('The API key is not valid');

  it('lets through credentials of its own region and those without a region', () => {
    expect(() => sut.assertIssuedHere('ca', invalid)).not.toThrow();
    expect(() => sut.assertIssuedHere(undefined, invalid)).not.toThrow();
  });

  it('refuses credentials of another listed region with WRONG_REGION and its base URL', () => {
    expect(() => sut.assertIssuedHere('eu', invalid)).toThrow(
      expect.objectContaining({
        code: ErrorCode.WRONG_REGION,
        message: expect.stringContaining('account of region eu; this is the ca deployment'),
        fix: expect.stringContaining('Send the request to https://api.eu.test'),
      }),
    );
  });

  it('answers a region it does not know as the invalid credential it is', () => {
    expect(() => sut.assertIssuedHere('mars', invalid)).toThrow(invalid());
  });
});
