import { Channel, normalizeSend } from '@clarion/contracts';
import { channelConditionHolds, conditionHolds } from './send-condition';

describe('send conditions', () => {
  const recipient = { id: 'ada', envId: 'env', email: 'ada@example.com' };
  const sendWith = (options: object) =>
    normalizeSend({ type: 'order', to: { id: 'ada' }, parameters: { plan: 'pro' }, ...options });

  it('decides the email alone by options.email.condition', () => {
    const send = sendWith({ options: { email: { condition: "parameters.plan == 'free'" } } });

    expect(channelConditionHolds(Channel.EMAIL, send, recipient)).toBe(false);
    expect(channelConditionHolds(Channel.INAPP_WEB, send, recipient)).toBe(true);
    expect(conditionHolds(send, recipient)).toBe(true);
  });

  it('reads the recipient as user in options.email.condition', () => {
    const send = sendWith({ options: { email: { condition: "user.email == 'ada@example.com'" } } });

    expect(channelConditionHolds(Channel.EMAIL, send, recipient)).toBe(true);
  });

  it('lets an email without a condition go ahead', () => {
    expect(channelConditionHolds(Channel.EMAIL, sendWith({}), recipient)).toBe(true);
  });

  it('says why an email condition cannot be evaluated', () => {
    const send = sendWith({ options: { email: { condition: 'foo == 1' } } });

    expect(channelConditionHolds(Channel.EMAIL, send, recipient)).toMatch(
      /^options\.email\.condition is invalid: Unknown name 'foo'/,
    );
  });
});
