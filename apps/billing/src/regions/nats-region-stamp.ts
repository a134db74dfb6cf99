import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { KeyValueBuckets } from '@clarion/messaging';
import { DeploymentRegion } from './deployment-region';

/** A bucket of the deployment's own facts, which never expire. */
const DEPLOYMENT_BUCKET = 'deployment';
const REGION_KEY = 'region';
const NEVER_EXPIRES = 0;

/** Not worth retrying: that NATS carries another region's messages however long one waits. */
export class NatsOfAnotherRegionError extends Error {
  constructor(stamped: string, region: string) {
    super(
      `This NATS carries the messages of region ${stamped}, and this service serves region ` +
        `${region} (CLARION_REGION): refusing to start, so that no account's requests cross ` +
        `regions. Point NATS_URL at the ${region} NATS, or set CLARION_REGION to the region of ` +
        `this one.`,
    );
    this.name = 'NatsOfAnotherRegionError';
  }
}

/**
 * Billing answers for every credential of a region, so, like its database, the NATS it serves is
 * stamped with its region on first boot (a key of the `deployment` bucket), and one stamped with
 * another region stops the boot. A NATS that cannot be asked now does not: the check waits for
 * the next boot rather than keeping billing down.
 */
@Injectable()
export class NatsRegionStamp implements OnModuleInit {
  private readonly logger = new Logger(NatsRegionStamp.name);

  constructor(
    private readonly buckets: KeyValueBuckets,
    private readonly region: DeploymentRegion,
  ) {}

  async onModuleInit(): Promise<void> {
    const stamped = await this.stampedRegion().catch((error: unknown) => {
      this.logger.warn(`The region stamp of NATS could not be checked: ${String(error)}`);
      return this.region.id;
    });
    if (stamped !== this.region.id) throw new NatsOfAnotherRegionError(stamped, this.region.id);
  }

  private async stampedRegion(): Promise<string> {
    const kv = await this.buckets.bucket(DEPLOYMENT_BUCKET, NEVER_EXPIRES);
    const existing = await kv.get(REGION_KEY);
    if (existing && existing.operation === 'PUT') return existing.string();
    // create() refuses when another replica stamped meanwhile: its stamp is then the one.
    await kv.create(REGION_KEY, new TextEncoder().encode(this.region.id)).catch(() => undefined);
    return (await kv.get(REGION_KEY))?.string() ?? this.region.id;
  }
}
