import { UserAttributesDto, ValidationFailedError } from '@clarion/contracts';
import { OutboundGuard, OutboundUrlRefusedError } from '@clarion/outbound';

/**
 * Refuses, when a user is saved, a web push endpoint that names an address the outbound guard
 * refuses: a private, loopback or metadata literal in any spelling, or a localhost name. Other
 * names are not looked up here; the guard refuses them when a push is sent.
 */
export function assertWebPushEndpointsAllowed(
  fields: UserAttributesDto,
  guard: OutboundGuard,
): void {
  fields.webPushTokens?.forEach((token, index) => {
    try {
      guard.assertAllowedWithoutLookup(token.sub.endpoint);
    } catch (error) {
      const reason = error instanceof OutboundUrlRefusedError ? error.reason : String(error);
      throw new ValidationFailedError(
        `webPushTokens.${index}.sub.endpoint cannot be called: ${reason}`,
        "Use the endpoint the browser's push service gave; private, loopback and metadata addresses are refused.",
      );
    }
  });
}
