import { Injectable } from '@nestjs/common';
import {
  Channel,
  INLINE_CONTENT_FIELDS,
  inlineContentOf,
  NormalizedSend,
  normalizeSend,
  Principal,
  SendDto,
  SendPlanDto,
} from '@clarion/contracts';
import { checkedVariables, missingVariables } from '@clarion/templating';
import { SendPlanCache } from './send-plan.cache';

/**
 * The notes a send's answer carries about its templates: every placeholder without a value in
 * `parameters` renders empty, and the answer says so. Inline content that does not parse as a
 * template is a 400 naming the field. User fields (`user.*`) are not noted: the stored user may
 * have them.
 */
@Injectable()
export class TemplateNotes {
  constructor(private readonly plans: SendPlanCache) {}

  async of(principal: Principal, body: SendDto): Promise<string[]> {
    const send = normalizeSend(body);
    const inline = inlineContents(send);
    const plan = await this.planOf(principal, send, inline);
    const notes: string[] = [];
    for (const channel of channelsOf(send, plan, inline)) {
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

  /**
   * The type's plan, unless the send's own content covers every channel it names. The notes
   * are advice: when notifications cannot be asked, the send is accepted without them.
   */
  private async planOf(
    principal: Principal,
    send: NormalizedSend,
    inline: Map<Channel, string[]>,
  ): Promise<SendPlanDto> {
    if (send.forceChannels?.every((channel) => inline.has(channel))) return { templates: [] };
    try {
      return await this.plans.of(principal, send.type);
    } catch {
      return { templates: [] };
    }
  }
}

/** The variables of each inline content object; a broken template there is a 400. */
function inlineContents(send: NormalizedSend): Map<Channel, string[]> {
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

function channelsOf(
  send: NormalizedSend,
  plan: SendPlanDto,
  inline: Map<Channel, string[]>,
): Channel[] {
  return [...new Set(send.forceChannels ?? plan.channels ?? [...inline.keys()])];
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
