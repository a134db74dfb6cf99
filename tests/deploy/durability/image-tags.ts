/** A version as three numbers: major, minor, patch. */
export type Version = readonly [number, number, number];

const EXACT_TAG = /:v?(\d+)\.(\d+)\.(\d+)(?:-[a-z0-9.]+)?$/;

/** The version of an exact `name:X.Y.Z[-variant]` tag; undefined for a floating or absent one. */
export function exactVersionOf(image: string): Version | undefined {
  const match = EXACT_TAG.exec(image);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

export const isAtLeast = (v: Version, minimum: Version) =>
  (v[0] - minimum[0] || v[1] - minimum[1] || v[2] - minimum[2]) >= 0;
export const formatVersion = (v: Version) => v.join('.');

/** What is wrong with an image reference that must be an exact tag of at least `minimum`. */
export function pinnedImageProblems(image: string | undefined, minimum: Version): string[] {
  if (!image) return ['no image'];
  const version = exactVersionOf(image);
  if (!version) return [`${image} is not an exact X.Y.Z tag`];
  return isAtLeast(version, minimum) ? [] : [`${image} is older than ${formatVersion(minimum)}`];
}
