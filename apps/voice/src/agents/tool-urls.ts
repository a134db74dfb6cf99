import { ValidationFailedError, VoiceAgentSpecDto } from '@clarion/contracts';
import { OutboundGuard, OutboundUrlRefusedError } from '@clarion/outbound';

/**
 * Refuses, when a spec is saved or placed, an http_request tool whose URL names an address the
 * outbound guard refuses: a private, loopback or metadata literal, or a localhost name. Other
 * names are not looked up here; the guard refuses them at call time if they resolve there.
 */
export function assertToolUrlsAllowed(spec: VoiceAgentSpecDto, guard: OutboundGuard): void {
  spec.tools.forEach((tool, index) => {
    if (tool.type !== 'http_request') return;
    try {
      guard.assertAllowedWithoutLookup(tool.url);
    } catch (error) {
      const reason = error instanceof OutboundUrlRefusedError ? error.reason : String(error);
      throw new ValidationFailedError(
        `spec.tools.${index}.url cannot be called: ${reason}`,
        'Tools call public https endpoints; private, loopback and metadata addresses are refused.',
      );
    }
  });
}
