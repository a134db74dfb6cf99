import { registerDecorator, ValidationArguments } from 'class-validator';

/**
 * The development default of TRACKING_SECRET, which delivery-workers sign tracking links with and
 * the gateway verifies them with: public, so refused under NODE_ENV=production.
 */
export const DEVELOPMENT_TRACKING_SECRET = 'clarion-development-tracking-secret';

/** What `deploy/base` ships for secrets an overlay must replace. */
const PLACEHOLDER = /^CHANGE_ME/;

/**
 * A secret with a public development default: under NODE_ENV=production it must be set, to
 * something other than that default and the deployment templates' CHANGE_ME placeholder; anyone
 * who reads the source could forge what it signs.
 */
export function IsProductionSecret(developmentValue: string): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isProductionSecret',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) =>
          process.env['NODE_ENV'] !== 'production' ||
          (typeof value === 'string' && value !== developmentValue && !PLACEHOLDER.test(value)),
        defaultMessage: ({ property }: ValidationArguments) =>
          `${property} is the public development value (or a CHANGE_ME placeholder), refused with ` +
          `NODE_ENV=production; set a secret of your own, e.g. openssl rand -base64 32`,
      },
    });
  };
}
