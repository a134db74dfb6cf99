import { Matches } from 'class-validator';
import { BaseEnv } from './base-env';
import { loadEnv } from './load-env';
import { parseRegionUrls, regionDirectoryOf } from './region-urls';

class GatewayLikeEnv extends BaseEnv {
  @Matches(/^https?:\/\//)
  PUBLIC_URL = 'http://localhost:3000';
}

describe(regionDirectoryOf.name, () => {
  it('puts this region first, then the others, without trailing slashes', () => {
    const sut = regionDirectoryOf({
      CLARION_REGION: 'eu',
      CLARION_REGION_URLS:
        'us=https://api.us.test/, eu=https://api.eu.test ,ca=https://api.ca.test',
    });
    expect(sut).toEqual({
      region: 'eu',
      baseUrl: 'https://api.eu.test',
      regions: [
        { region: 'eu', baseUrl: 'https://api.eu.test' },
        { region: 'us', baseUrl: 'https://api.us.test' },
        { region: 'ca', baseUrl: 'https://api.ca.test' },
      ],
    });
  });

  it('gives this region PUBLIC_URL when the list leaves it out, or when there is no list', () => {
    expect(
      regionDirectoryOf({ CLARION_REGION: 'us', CLARION_REGION_URLS: '', PUBLIC_URL: 'http://x/' })
        .regions,
    ).toEqual([{ region: 'us', baseUrl: 'http://x' }]);
  });
});

describe(parseRegionUrls.name, () => {
  it.each([
    ['no equals sign', 'https://api.us.test', /not region=http\(s\):\/\/base-url/],
    ['an upper-case region', 'US=https://api.us.test', /not region=/],
    ['a region with _', 'us_east=https://api.us.test', /not region=/],
    ['a URL that is not http(s)', 'us=ftp://api.us.test', /not region=/],
    ['a region twice', 'us=https://a.test,us=https://b.test', /region us is listed twice/],
  ])('refuses %s', (_, text, message) => {
    expect(() => parseRegionUrls(text)).toThrow(message);
  });
});

describe('CLARION_REGION and CLARION_REGION_URLS at boot', () => {
  it('default to region us on a developer machine', () => {
    const env = loadEnv(GatewayLikeEnv, {});
    expect(env.CLARION_REGION).toBe('us');
    expect(regionDirectoryOf(env).baseUrl).toBe('http://localhost:3000');
  });

  it('refuses a region id that cannot be marked in credentials, naming the variable', () => {
    for (const CLARION_REGION of ['EU', 'eu_west', 'eu-']) {
      expect(() => loadEnv(GatewayLikeEnv, { CLARION_REGION })).toThrow(
        /CLARION_REGION=".*": CLARION_REGION must be a lower-case region id/,
      );
    }
  });

  it('refuses a list whose URL for this region is not PUBLIC_URL, saying both', () => {
    expect(() =>
      loadEnv(GatewayLikeEnv, {
        CLARION_REGION: 'eu',
        PUBLIC_URL: 'https://api.eu.test',
        CLARION_REGION_URLS: 'us=https://api.us.test,eu=https://api.us.test',
      }),
    ).toThrow(
      /CLARION_REGION_URLS=.*lists https:\/\/api.us.test for this deployment's region eu, but PUBLIC_URL is https:\/\/api.eu.test/,
    );
  });

  it('accepts the list when it names this region at PUBLIC_URL, with or without a slash', () => {
    const env = loadEnv(GatewayLikeEnv, {
      CLARION_REGION: 'eu',
      PUBLIC_URL: 'https://api.eu.test/',
      CLARION_REGION_URLS: 'us=https://api.us.test,eu=https://api.eu.test',
    });
    expect(regionDirectoryOf(env).regions.map((r) => r.region)).toEqual(['eu', 'us']);
  });

  it('refuses a malformed list, saying which entry', () => {
    expect(() => loadEnv(BaseEnv, { CLARION_REGION_URLS: 'us=https://a.test,eu' })).toThrow(
      /CLARION_REGION_URLS=.*must be region=base-url pairs separated by commas: "eu" is not/,
    );
  });
});
