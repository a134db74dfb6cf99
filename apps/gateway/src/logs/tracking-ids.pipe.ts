import { PipeTransform } from '@nestjs/common';
import { MAX_TRACKING_IDS_PER_LOOKUP, ValidationFailedError } from '@clarion/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `id1,id2,…`: 1 to 25 trackingIds. */
export class TrackingIdsPipe implements PipeTransform<string, string[]> {
  transform(value: string): string[] {
    const ids = [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0 || ids.length > MAX_TRACKING_IDS_PER_LOOKUP) {
      throw new ValidationFailedError(
        `trackingIds must name 1 to ${MAX_TRACKING_IDS_PER_LOOKUP} ids, comma-separated; got ${ids.length}`,
      );
    }
    const malformed = ids.filter((id) => !UUID.test(id));
    if (malformed.length > 0) {
      throw new ValidationFailedError(
        `trackingIds holds ids that are not trackingIds: ${malformed.slice(0, 3).join(', ')}`,
        'Use the trackingId a send answered with.',
      );
    }
    return ids.map((id) => id.toLowerCase());
  }
}
