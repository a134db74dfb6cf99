import {
  Channel,
  ChannelDecision,
  ChannelLogName,
  DeliveryOption,
  NormalizedSend,
  SendCommand,
  TemplateContent,
} from '@clarion/contracts';
import { JobItem } from '@clarion/messaging';
import { ResolvedType } from '../notification-types/notification-type.cache';
import { StoredRecipient } from '../users/users.repository';

/** A channel of a send that has content and an address, ready to be delivered. */
export interface DeliverableChannel {
  channel: Channel;
  delivery: DeliveryOption;
  content: TemplateContent;
  templateId?: string;
}

/** What the pipeline decided for one send, filled in step by step. */
export interface SendPlan {
  item: JobItem<SendCommand>;
  command: SendCommand;
  send: NormalizedSend;
  recipient: StoredRecipient;
  resolved: ResolvedType;
  decisions: Partial<Record<ChannelLogName, ChannelDecision>>;
  deliverable: DeliverableChannel[];
  /**
   * The channels whose decision is a failure (it has a failedCode): each is published as its
   * `delivery.<channel>.failed` event. Left out while none failed, as on almost every send.
   */
  failed?: ChannelLogName[];
  /** Set when the send as a whole sends nothing (log record `ignored`). */
  ignored?: string;
  ignoredReason?: string;
}
