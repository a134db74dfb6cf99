import { NormalizedSend } from '@clarion/contracts';
import { TemplateScope } from '@clarion/templating';
import { StoredRecipient } from '../users/users.repository';

/** The recipient's fields as templates and conditions see them (`user.email`). */
export function userFieldsOf(recipient: StoredRecipient): Record<string, unknown> {
  const {
    envId: _envId,
    emailSuppression: _suppression,
    smsOptOut: _optOut,
    slackToken: _token,
    ...fields
  } = recipient;
  return fields;
}

/** What a template of a send can use: its parameters, and the recipient as `user`. */
export function recipientScope(send: NormalizedSend, recipient: StoredRecipient): TemplateScope {
  return { user: userFieldsOf(recipient), ...send.parameters };
}
