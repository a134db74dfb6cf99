import { PipeTransform } from '@nestjs/common';
import { Channel, CHANNEL_LOG_NAMES, ValidationFailedError } from '@clarion/contracts';

const BY_NAME = new Map<string, Channel>([
  ...Object.values(Channel).map((channel) => [channel.toLowerCase(), channel] as const),
  ...Object.entries(CHANNEL_LOG_NAMES).map(
    ([channel, name]) => [name, channel as Channel] as const,
  ),
]);

/** A channel in a path: EMAIL, email, INAPP_WEB, inapp, mobile_push and so on. */
export class ChannelParamPipe implements PipeTransform<string, Channel> {
  transform(value: string): Channel {
    const channel = BY_NAME.get(value.toLowerCase());
    if (channel === undefined) {
      throw new ValidationFailedError(
        `channel must be one of ${Object.values(Channel).join(', ')}`,
        'Name the channel in the path, for example /notifications/welcome/EMAIL/templates.',
      );
    }
    return channel;
  }
}
