import { PartialType } from '@nestjs/swagger';
import { SendDto } from './send.dto';

/**
 * Body of the hosted service's `PATCH /{clientId}/schedule/{trackingId}`: the fields of a
 * scheduled send to change (its schedule, its parameters, …); the others stay as they are.
 */
export class SendPatchDto extends PartialType(SendDto) {}
