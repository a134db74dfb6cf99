import { Inject, Injectable } from '@nestjs/common';
import { StreamName } from '@clarion/contracts';
import { MESSAGING_OPTIONS, MessagingOptions } from '../messaging.options';

/** Applies the deployment namespace to subjects and stream names. */
@Injectable()
export class Namespacer {
  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: Pick<MessagingOptions, 'namespace'>,
  ) {}

  subject(subject: string): string {
    return this.options.namespace ? `${this.options.namespace}.${subject}` : subject;
  }

  /** Stream and key-value bucket names take the namespace as a `<namespace>_` prefix. */
  stream(name: StreamName | string): string {
    return this.options.namespace ? `${this.options.namespace}_${name}` : name;
  }
}
