import { registerDecorator, ValidationArguments } from 'class-validator';

const NATS_URL = /^nats:\/\/[^\s,]+$/;

/**
 * The servers of NATS_URL: one `nats://` URL, or several separated by commas (every node of a
 * cluster, so that a process connects, and reconnects, to whichever answers).
 */
export function natsServersOf(natsUrl: string): string[] {
  return natsUrl
    .split(',')
    .map((server) => server.trim())
    .filter((server) => server !== '');
}

/** NATS_URL: at least one server, each a nats:// URL. */
export function IsNatsUrls(): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isNatsUrls',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          natsServersOf(value).length > 0 &&
          natsServersOf(value).every((server) => NATS_URL.test(server)),
        defaultMessage: (args: ValidationArguments) =>
          `${args.property} must be a nats:// URL, or several separated by commas (the nodes of a cluster)`,
      },
    });
  };
}
