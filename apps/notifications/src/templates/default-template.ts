import { DeliveryOption } from '@clarion/contracts';
import { TemplateEntity } from './template.entity';

/**
 * The template a send without templateId uses for a delivery: the one chosen for that digest,
 * else the channel's default.
 */
export function defaultTemplateFor(
  delivery: DeliveryOption,
  ofChannel: TemplateEntity[],
): TemplateEntity | undefined {
  return (
    ofChannel.find((template) => template.defaultForDigests.includes(delivery)) ??
    ofChannel.find((template) => template.isDefault)
  );
}
