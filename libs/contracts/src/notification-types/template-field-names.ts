import { Channel } from '../common/channel.enum';
import { ValidationFailedError } from '../errors/domain-error';
import { TemplateContent } from './template-content';

/**
 * Template fields the hosted service's SDK names differently (its name → Clarion's): the text
 * of an SMS or call template, and the links of an in-app one.
 */
const SDK_NAMES: Partial<Record<Channel, Record<string, string>>> = {
  [Channel.SMS]: { text: 'message' },
  [Channel.CALL]: { text: 'message' },
  [Channel.VOICE]: { text: 'message' },
  [Channel.INAPP_WEB]: { redirectURL: 'url', imageURL: 'image' },
};

/** A template body with the SDK's field names turned into Clarion's; naming a field both ways is a 400. */
export function withClarionFieldNames(channel: Channel, body: TemplateContent): TemplateContent {
  const renamed: TemplateContent = { ...body };
  for (const [sdkName, name] of Object.entries(SDK_NAMES[channel] ?? {})) {
    if (!(sdkName in renamed)) continue;
    if (name in renamed) {
      throw new ValidationFailedError(
        `${sdkName} and ${name} name the same field of a ${channel} template`,
        `Give only one of them.`,
      );
    }
    renamed[name] = renamed[sdkName];
    delete renamed[sdkName];
  }
  return renamed;
}

/**
 * A stored template's content with the SDK's names beside Clarion's, and the fields its model
 * of the channel requires: an email's editor representation and sender (empty: the default
 * sender), an in-app template's links and its instant and batch variants (the same content:
 * Clarion's in-app templates have one).
 */
export function withSdkFieldNames(channel: Channel, content: TemplateContent): TemplateContent {
  const answered: TemplateContent = { ...content };
  for (const [sdkName, name] of Object.entries(SDK_NAMES[channel] ?? {})) {
    answered[sdkName] = content[name] ?? '';
  }
  switch (channel) {
    case Channel.EMAIL:
      return { internal: '', senderName: '', senderEmail: '', ...answered };
    case Channel.INAPP_WEB: {
      const variant = {
        title: answered['title'],
        redirectURL: answered['redirectURL'],
        imageURL: answered['imageURL'],
      };
      return { ...answered, instant: variant, batch: variant };
    }
    case Channel.SMS:
    case Channel.CALL:
    case Channel.VOICE:
    case Channel.PUSH:
    case Channel.WEB_PUSH:
    case Channel.SLACK:
      return answered;
  }
}
