import { SendDto } from './send.dto';
import { SendRecipientDto } from '../users/send-recipient.dto';

/** A send body with its deprecated aliases folded into the current fields. */
export interface NormalizedSend extends SendDto {
  type: string;
  to: SendRecipientDto & { id: string };
  parameters: Record<string, unknown>;
}

/**
 * Folds deprecated fields (notificationId, user, replace, mergeTags, and secondaryId, the older
 * name of subNotificationId) into type, to, parameters and subNotificationId, and gives a
 * recipient without id its email or number as id. Expects a validated body.
 */
export function normalizeSend(body: SendDto): NormalizedSend {
  const { notificationId, user, replace, mergeTags, ...rest } = body;
  const recipient = body.to ?? user ?? {};
  const id = recipient.id ?? recipient.email ?? recipient.number ?? '';
  const subNotificationId = body.subNotificationId ?? body.secondaryId;
  return {
    ...rest,
    ...(subNotificationId !== undefined && { subNotificationId }),
    type: body.type ?? notificationId ?? '',
    to: { ...recipient, id },
    parameters: { ...mergeTags, ...replace, ...body.parameters },
  };
}
