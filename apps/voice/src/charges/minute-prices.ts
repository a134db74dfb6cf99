import { CALL_SOURCES, CallSource } from '@clarion/contracts';

/** What a started minute costs (USD) by call source when VOICE_MINUTE_PRICES leaves it out. */
export const DEFAULT_MINUTE_PRICES: Readonly<Record<CallSource, number>> = {
  pstn: 0.015,
  web: 0.005,
};

/** `source=price` pairs, sources being `pstn` and `web`: `pstn=0.015,web=0.005`. */
export const MINUTE_PRICES_FORMAT =
  /^\s*(pstn|web)\s*=\s*\d+(\.\d+)?\s*(,\s*(pstn|web)\s*=\s*\d+(\.\d+)?\s*)*$/;

/**
 * What an account pays per started minute of a call, by its source (VOICE_MINUTE_PRICES): a
 * phone call carries the carrier's minutes, a browser call only the media relay's.
 */
export class MinutePrices {
  private constructor(private readonly bySource: Readonly<Record<CallSource, number>>) {}

  /**
   * `pstn=0.015,web=0.005`; a source left out keeps its default price. The environment is
   * validated against MINUTE_PRICES_FORMAT at boot, so a bad text here is a programming error.
   */
  static parse(text: string): MinutePrices {
    if (!MINUTE_PRICES_FORMAT.test(text)) {
      throw new Error(`VOICE_MINUTE_PRICES must look like pstn=0.015,web=0.005, not ${text}`);
    }
    const bySource = { ...DEFAULT_MINUTE_PRICES };
    for (const pair of text.split(',')) {
      const [source = '', price = ''] = pair.split('=').map((part) => part.trim());
      if (isCallSource(source)) bySource[source] = Number(price);
    }
    return new MinutePrices(bySource);
  }

  of(source: CallSource): number {
    return this.bySource[source];
  }
}

function isCallSource(text: string): text is CallSource {
  return (CALL_SOURCES as readonly string[]).includes(text);
}
