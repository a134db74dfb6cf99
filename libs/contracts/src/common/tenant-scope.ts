import { IsUUID } from 'class-validator';

/** The tenant a message belongs to; every tenant-owned read and write filters on both ids. */
export class TenantScope {
  @IsUUID()
  accountId!: string;

  @IsUUID()
  envId!: string;
}

/** A message about one send of one tenant. */
export class SendScope extends TenantScope {
  @IsUUID()
  trackingId!: string;
}
