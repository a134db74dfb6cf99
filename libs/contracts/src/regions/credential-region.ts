/**
 * The region a credential was issued in, written into the credential itself so that any
 * region's gateway can tell, without asking anyone, that it belongs elsewhere:
 * `clarion_sk_<region>_<40 characters>` for API keys (`_pk_` public, `_st_` member sessions) and
 * `<region>_<24 characters>` for an environment's clientId. Only that exact shape counts as
 * marked: credentials issued before regions (`clarion_sk_<40>`, a bare clientId) and anything
 * else belong to the region that receives them. The random part is [0-9A-Za-z] and a region id
 * holds no `_`, so a marker can never be read into the random part.
 */
const REGION_MARKER = '([a-z][a-z0-9]*(?:-[a-z0-9]+)*)';
const MARKED_KEY = new RegExp(`^clarion_(?:sk|pk|st)_${REGION_MARKER}_[0-9A-Za-z]{40}$`);
const MARKED_CLIENT_ID = new RegExp(`^${REGION_MARKER}_[0-9A-Za-z]{24}$`);

export const KEY_RANDOM_LENGTH = 40;
export const CLIENT_ID_RANDOM_LENGTH = 24;

/** `clarion_sk_` + `eu` + random → `clarion_sk_eu_<random>`. */
export function regionMarkedKey(prefix: string, region: string, random: string): string {
  return `${prefix}${region}_${random}`;
}

/** `eu` + random → `eu_<random>`. */
export function regionMarkedClientId(region: string, random: string): string {
  return `${region}_${random}`;
}

/** The region marked in an API key or session token; undefined when it carries none. */
export function regionOfKey(key: string): string | undefined {
  return MARKED_KEY.exec(key)?.[1];
}

/** The region marked in a clientId; undefined when it carries none. */
export function regionOfClientId(clientId: string): string | undefined {
  return MARKED_CLIENT_ID.exec(clientId)?.[1];
}
