import { DomainError, ErrorCode } from '@clarion/contracts';
import { CallToConnect, ConnectedCall, VoiceProvider } from '../voice-provider';
import { playSandboxCall } from './sandbox-call-script';

/** Without a configured provider: every call is played at once by a script (see playSandboxCall). */
export class SandboxVoiceProvider implements VoiceProvider {
  readonly name = 'sandbox' as const;

  place(call: CallToConnect): Promise<ConnectedCall> {
    return Promise.resolve(this.answer(call, undefined));
  }

  answer(call: CallToConnect, callControlId: string | undefined): ConnectedCall {
    return {
      callControlId: callControlId ?? `sandbox-${call.trackingId}`,
      played: playSandboxCall(call),
    };
  }

  transfer(): Promise<void> {
    return Promise.reject(notInSandbox('transfer calls'));
  }

  startRecording(): Promise<void> {
    return Promise.reject(notInSandbox('record calls'));
  }
}

function notInSandbox(what: string): DomainError {
  return new DomainError(
    ErrorCode.PROVIDER_ERROR,
    `The sandbox cannot ${what}`,
    'Set VOICE_PROVIDER=twilio with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.',
  );
}
