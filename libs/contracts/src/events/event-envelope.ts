import { IsISO8601, IsNotEmpty, IsString } from 'class-validator';
import { SendScope } from '../common/tenant-scope';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

/** Every event on the EVENTS stream: the send it belongs to, its tenant, and its data. */
export class EventEnvelope<TData extends object = Record<string, unknown>> extends SendScope {
  /** Unique per event; also the Nats-Msg-Id, so a re-publish is dropped. */
  @IsString()
  @IsNotEmpty()
  id!: string;

  @IsString()
  @IsNotEmpty()
  kind!: string;

  @IsISO8601()
  occurredAt!: string;

  @IsPlainObject()
  data!: TData;
}
