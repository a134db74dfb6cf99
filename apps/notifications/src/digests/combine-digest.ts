import { Channel, DeliveryJob, TemplateContent } from '@clarion/contracts';

/** Groups due entries into one digest per user, type and channel, oldest entry first. */
export function groupDigests(
  jobs: DeliveryJob<TemplateContent>[],
): DeliveryJob<TemplateContent>[][] {
  const groups = new Map<string, DeliveryJob<TemplateContent>[]>();
  for (const job of jobs) {
    const key = [job.envId, job.recipient.id, job.notificationId, job.channel].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), job]);
  }
  return [...groups.values()];
}

/** One delivery job carrying every entry of a digest: their texts one after the other. */
export function combineDigest(jobs: DeliveryJob<TemplateContent>[]): DeliveryJob<TemplateContent> {
  const [first] = jobs as [DeliveryJob<TemplateContent>, ...DeliveryJob<TemplateContent>[]];
  if (jobs.length === 1) return { ...first, digestOf: [first.trackingId] };
  const texts = (field: string) =>
    jobs.map((job) => job.content[field]).filter((v): v is string => typeof v === 'string');
  const more = ` (+${jobs.length - 1} more)`;
  const content: TemplateContent = { ...first.content };
  switch (first.channel) {
    case Channel.EMAIL:
      content['subject'] = `${String(first.content['subject'])}${more}`;
      content['html'] = texts('html').join('<hr>');
      break;
    case Channel.PUSH:
    case Channel.WEB_PUSH:
      content['title'] = `${String(first.content['title'])}${more}`;
      content['message'] = texts('message').join('\n');
      break;
    case Channel.SLACK:
      content['text'] = texts('text').join('\n\n');
      delete content['blocks'];
      break;
    case Channel.SMS:
    case Channel.CALL:
    case Channel.VOICE:
    case Channel.INAPP_WEB:
      content['message'] = texts('message').join('\n\n');
      break;
  }
  return { ...first, content, digestOf: jobs.map((job) => job.trackingId) };
}
