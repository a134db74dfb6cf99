import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

/** The sends of the power-cut burst whose work comes after their answer. */
export type BurstKind = 'inapp' | 'email' | 'sms' | 'webhook';

/** A send the system answered with 2xx: a promise it has to keep. */
export interface AcknowledgedSend {
  kind: BurstKind;
  trackingId: string;
  userId: string;
  /** Text of its own in what arrives (the in-app title, the subject, the SMS body). */
  mark: string;
}

/** How many users the in-app sends share, so each inbox holds several. */
export const READERS = 12;
/** Of every ten sends of the burst: in-app, email, SMS and failures owing a webhook. */
const MIX: BurstKind[] = [
  'inapp',
  'inapp',
  'inapp',
  'inapp',
  'email',
  'email',
  'sms',
  'sms',
  'webhook',
  'webhook',
];

export function burstKindOf(index: number): BurstKind {
  return MIX[index % MIX.length]!;
}

/** The body of send `index` of `kind`; `mark` is its text. */
export function burstSend(kind: BurstKind, index: number, mark: string): Json {
  switch (kind) {
    case 'inapp':
      return {
        type: 'burst-inapp',
        to: { id: `reader-${index % READERS}` },
        forceChannels: ['INAPP_WEB'],
        inapp: { title: mark },
      };
    case 'email':
      return {
        type: 'burst-email',
        to: { id: `mailbox-${index}`, email: `mailbox-${index}@example.com` },
        forceChannels: ['EMAIL'],
        email: { subject: mark, html: `<p>${mark}</p>` },
      };
    case 'sms':
      return {
        type: 'burst-sms',
        to: { id: `phone-${index}`, number: `+1555010${String(index).padStart(4, '0')}` },
        forceChannels: ['SMS'],
        sms: { message: mark },
      };
    case 'webhook':
      // An email to a user without an address fails in the pipeline: EMAIL_FAILED is owed to
      // the events webhook.
      return {
        type: 'burst-unreachable',
        to: { id: `no-address-${index}` },
        forceChannels: ['EMAIL'],
        email: { subject: mark, html: `<p>${mark}</p>` },
      };
  }
}

/**
 * Sends `indexes` of the burst, `concurrency` at a time; answers the acknowledged ones and the
 * answers that were not 2xx.
 */
export async function sendBurst(
  api: ApiClient,
  indexes: number[],
  concurrency = 16,
): Promise<{ acknowledged: AcknowledgedSend[]; refused: string[] }> {
  const acknowledged: AcknowledgedSend[] = [];
  const refused: string[] = [];
  const queue = [...indexes];
  const worker = async () => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const kind = burstKindOf(index);
      const mark = `power cut ${kind} #${index}`;
      const body = burstSend(kind, index, mark);
      const answer = await api.call<{ trackingId: string }>('POST', '/send', body);
      if (answer.status >= 200 && answer.status < 300) {
        const userId = String((body['to'] as Json)['id']);
        acknowledged.push({ kind, trackingId: answer.body.trackingId, userId, mark });
      } else {
        refused.push(`${mark}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { acknowledged, refused };
}

/** What the log record of a send must show once all its work is done. */
export function isLogComplete(kind: BurstKind, log: Json | undefined): boolean {
  if (!log) return false;
  switch (kind) {
    case 'inapp':
      return log['inapp_delivered_at'] !== undefined;
    case 'email':
      return log['email_sent_at'] !== undefined;
    case 'sms':
      return log['sms_sent_at'] !== undefined;
    case 'webhook':
      return (
        log['email_failed_code'] === 'MISSING_EMAIL_RECIPIENT' &&
        String(log['email_failed_webhook_res'] ?? '').startsWith('200')
      );
  }
}
