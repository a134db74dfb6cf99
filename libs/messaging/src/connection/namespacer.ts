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

  /** A subject as the catalog names it: without this deployment's namespace. */
  withoutNamespace(subject: string): string {
    const prefix = `${this.options.namespace}.`;
    return this.options.namespace && subject.startsWith(prefix)
      ? subject.slice(prefix.length)
      : subject;
  }

  /** Stream and key-value bucket names take the namespace as a `<namespace>_` prefix. */
  stream(name: StreamName | string): string {
    return this.options.namespace ? `${this.options.namespace}_${name}` : name;
  }
}
