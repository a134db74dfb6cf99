import { RegionDirectory } from '@clarion/config';
import { DomainError, WrongRegionError } from '@clarion/contracts';

/**
 * Where presented credentials were issued, read from the region marked in them (no round trip):
 * another known region's are refused with 421 and that region's base URL before anything is
 * looked up, since this region's database holds nothing of their account; a region this
 * deployment does not know answers like any invalid credential. Unmarked credentials (issued
 * before regions) belong here.
 */
export class IssuingRegion {
  private readonly baseUrls: Map<string, string>;

  constructor(private readonly directory: RegionDirectory) {
    this.baseUrls = new Map(directory.regions.map(({ region, baseUrl }) => [region, baseUrl]));
  }

  assertIssuedHere(markedRegion: string | undefined, invalid: () => DomainError): void {
    if (markedRegion === undefined || markedRegion === this.directory.region) return;
    const baseUrl = this.baseUrls.get(markedRegion);
    if (baseUrl === undefined) throw invalid();
    throw new WrongRegionError(markedRegion, this.directory.region, baseUrl);
  }
}
