import { registerDecorator, ValidationArguments } from 'class-validator';

/**
 * A region id: lower-case letters and digits, hyphens inside (us, eu, ca, ap-south). It is
 * written into the credentials a region issues, so it never holds `_` (their separator).
 */
export const REGION_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const MAX_REGION_ID_LENGTH = 20;

/** What a deployment knows of the regions: its own, and where each region's gateway answers. */
export interface RegionDirectory {
  /** The region this deployment serves. */
  region: string;
  /** Base URL of this region's gateway. */
  baseUrl: string;
  /** Every region with a known base URL, this one first. */
  regions: { region: string; baseUrl: string }[];
}

interface RegionSettings {
  CLARION_REGION: string;
  CLARION_REGION_URLS: string;
  PUBLIC_URL?: string;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Reads `us=https://api.us.example,eu=https://api.eu.example` into region → base URL, or throws
 * saying which entry is wrong.
 */
export function parseRegionUrls(text: string): Map<string, string> {
  const urls = new Map<string, string>();
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const equals = entry.indexOf('=');
    const region = entry.slice(0, Math.max(equals, 0)).trim();
    const url = withoutTrailingSlash(entry.slice(equals + 1).trim());
    if (equals <= 0 || !isRegionId(region) || !/^https?:\/\/[^\s/]+/.test(url)) {
      throw new Error(`"${entry}" is not region=http(s)://base-url`);
    }
    if (urls.has(region)) throw new Error(`region ${region} is listed twice`);
    urls.set(region, url);
  }
  return urls;
}

export function isRegionId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_REGION_ID_LENGTH && REGION_ID.test(value);
}

/**
 * The regions of CLARION_REGION_URLS, this deployment's first; when the list leaves this region
 * out, its base URL is PUBLIC_URL (or none where the service has no PUBLIC_URL).
 */
export function regionDirectoryOf(settings: RegionSettings): RegionDirectory {
  const urls = parseRegionUrls(settings.CLARION_REGION_URLS);
  const region = settings.CLARION_REGION;
  const baseUrl = urls.get(region) ?? withoutTrailingSlash(settings.PUBLIC_URL ?? '');
  urls.delete(region);
  return {
    region,
    baseUrl,
    regions: [
      { region, baseUrl },
      ...[...urls].map(([other, url]) => ({ region: other, baseUrl: url })),
    ],
  };
}

/**
 * CLARION_REGION_URLS: well-formed entries, and, where the service has a PUBLIC_URL, the URL it
 * lists for this region is that PUBLIC_URL (a copied overlay would otherwise send clients of
 * this region to another).
 */
export function IsRegionUrls(): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isRegionUrls',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          typeof value === 'string' && regionUrlsProblem(value, args.object) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          `${args.property} ${regionUrlsProblem(String(args.value), args.object) ?? ''}`,
      },
    });
  };
}

function regionUrlsProblem(value: string, env: object): string | undefined {
  let urls: Map<string, string>;
  try {
    urls = parseRegionUrls(value);
  } catch (error) {
    return `must be region=base-url pairs separated by commas: ${(error as Error).message}`;
  }
  const { CLARION_REGION: region, PUBLIC_URL: publicUrl } = env as Partial<RegionSettings>;
  const listed = region === undefined ? undefined : urls.get(region);
  if (
    listed !== undefined &&
    publicUrl !== undefined &&
    listed !== withoutTrailingSlash(publicUrl)
  ) {
    return (
      `lists ${listed} for this deployment's region ${region}, but PUBLIC_URL is ${publicUrl}; ` +
      `make them the same (or leave ${region} out: it defaults to PUBLIC_URL)`
    );
  }
  return undefined;
}
