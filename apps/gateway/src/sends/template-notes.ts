import {
  Channel,
  INLINE_CONTENT_FIELDS,
  inlineContentOf,
  NormalizedSend,
  SendPlanDto,
} from '@clarion/contracts';
import { checkedVariables, missingVariables } from '@clarion/templating';

/** The variables of each inline content object of a send; a broken template there is a 400. */
export function inlineContentVariables(send: NormalizedSend): Map<Channel, string[]> {
  const contents = new Map<Channel, string[]>();
  for (const channel of Object.values(Channel)) {
    const content = inlineContentOf(send, channel);
    if (content) {
      contents.set(
        channel,
        checkedVariables(channel, content, `${INLINE_CONTENT_FIELDS[channel]}.`),
      );
    }
  }
  return contents;
}

/**
 * The notes a send's answer carries about its templates: every placeholder without a value in
 * `parameters` renders empty, and the answer says so. User fields (`user.*`) are not noted: the
 * stored user may have them.
 */
export function templateNotesOf(
  send: NormalizedSend,
  plan: SendPlanDto,
  inline: Map<Channel, string[]>,
): string[] {
  const notes: string[] = [];
  for (const channel of new Set(send.forceChannels ?? plan.channels)) {
    const content = inline.get(channel);
    const source = content
      ? { where: `the send's ${INLINE_CONTENT_FIELDS[channel]} content`, variables: content }
      : templateOf(channel, send, plan);
    if (!source) continue;
    const scope = { user: send.to, ...send.parameters };
    for (const variable of missingVariables(source.variables, scope)) {
      if (variable === 'user' || variable.startsWith('user.')) continue;
      notes.push(
        `{{ ${variable} }} has no value in parameters and renders empty in ${source.where}`,
      );
    }
  }
  return notes;
}

function templateOf(
  channel: Channel,
  send: NormalizedSend,
  plan: SendPlanDto,
): { where: string; variables: string[] } | undefined {
  const template = plan.templates.find(
    (t) =>
      t.channel === channel &&
      (send.templateId === undefined ? t.isDefault : t.templateId === send.templateId),
  );
  if (!template) return undefined;
  return { where: `the ${channel} template ${template.templateId}`, variables: template.variables };
}
