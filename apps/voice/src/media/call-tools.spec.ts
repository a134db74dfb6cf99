import { VoiceAgentSpecDto, VoiceToolDto } from '@clarion/contracts';
import { OutboundGuard } from '@clarion/outbound';
import { LoopbackListener, voiceAgentSpec } from '@clarion/testing';
import { SandboxVoiceProvider } from '../telephony/sandbox/sandbox-voice.provider';
import { CallText, TextSender } from './call-texts';
import { CallTools, ToolCallContext } from './call-tools';

const spec = (tools: VoiceToolDto[], agentCanEndCall?: boolean): VoiceAgentSpecDto =>
  voiceAgentSpec({ tools, conversation: agentCanEndCall === undefined ? {} : { agentCanEndCall } });

const phone: ToolCallContext = {
  accountId: 'account-1',
  trackingId: 'call-1',
  source: 'pstn',
  callControlId: 'CA1',
  ourNumber: '+15005550006',
  theirNumber: '+14155550100',
};
const web: ToolCallContext = { ...phone, source: 'web' };
const unreachable = () => Promise.reject(new Error('no network in this test'));

/** Keeps what it is asked to send; `failure` makes it refuse instead. */
class TextsSent implements TextSender {
  readonly sent: CallText[] = [];
  constructor(private readonly failure?: Error) {}

  send(text: CallText): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    this.sent.push(text);
    return Promise.resolve(`text-${this.sent.length}`);
  }
}
const tools: VoiceToolDto[] = [
  { type: 'transfer_call', name: 'to_human', description: 'A person', phoneNumber: '+14155550111' },
  { type: 'send_sms', name: 'text_link', description: 'Text the link', message: 'https://x.test' },
  {
    type: 'collect_input',
    name: 'pin',
    description: 'PIN',
    inputType: 'digits',
    prompt: 'Your PIN?',
    maxDigits: 4,
  },
  {
    type: 'http_request',
    name: 'lookup',
    description: 'Look up',
    url: 'https://api.test/x',
    method: 'GET',
  },
];

describe(CallTools.name, () => {
  const sandbox = new SandboxVoiceProvider();
  const texts = new TextsSent();

  it('offers the spec tools and a built-in end_call unless agentCanEndCall is false', () => {
    const sut = new CallTools(spec(tools), phone, sandbox, texts, unreachable);
    expect(sut.definitions().map((tool) => tool.name)).toEqual([
      'to_human',
      'text_link',
      'pin',
      'lookup',
      'end_call',
    ]);
    expect(sut.definitions().find((tool) => tool.name === 'lookup')?.parameters).toHaveProperty(
      'properties.body',
    );
    const noEnd = new CallTools(spec(tools, false), phone, sandbox, texts, unreachable);
    expect(noEnd.definitions().map((tool) => tool.name)).not.toContain('end_call');
  });

  it('ends the call with the built-in end_call only when it is offered', async () => {
    const call = { callId: 'c1', name: 'end_call', args: {} };
    expect(await new CallTools(spec([]), phone, sandbox, texts, unreachable).run(call)).toEqual({
      kind: 'end',
    });
    expect(
      await new CallTools(spec([], false), phone, sandbox, texts, unreachable).run(call),
    ).toEqual({
      kind: 'result',
      result: 'There is no tool named end_call.',
    });
  });

  it('tells the model why a transfer or a text cannot happen', async () => {
    const run = (context: ToolCallContext, name: string) =>
      new CallTools(spec(tools), context, sandbox, texts, unreachable).run({
        callId: 'c',
        name,
        args: {},
      });
    expect(await run(web, 'to_human')).toEqual({
      kind: 'result',
      result: 'A browser call cannot be transferred.',
    });
    expect(await run(web, 'text_link')).toEqual({
      kind: 'result',
      result: 'A browser caller has no phone number to text.',
    });
    expect(texts.sent).toEqual([]);
    expect(await run(phone, 'to_human')).toEqual({
      kind: 'result',
      result: 'The transfer failed: The sandbox cannot transfer calls',
    });
    expect(await run(phone, 'lookup')).toEqual({
      kind: 'result',
      result: 'The request failed: no network in this test',
    });
  });

  it("sends a text from the call's number to the other party, named by the tool call", async () => {
    const sent = new TextsSent();
    const sut = new CallTools(spec(tools), phone, sandbox, sent, unreachable);
    expect(await sut.run({ callId: 'tool-7', name: 'text_link', args: {} })).toEqual({
      kind: 'result',
      result: 'The text to +14155550100 was queued for delivery (trackingId text-1).',
    });
    expect(sent.sent).toEqual([
      {
        accountId: 'account-1',
        callTrackingId: 'call-1',
        toolCallId: 'tool-7',
        from: '+15005550006',
        to: '+14155550100',
        message: 'https://x.test',
      },
    ]);
  });

  it('tells the model when a text could not be sent', async () => {
    const refusing = new TextsSent(new Error('JetStream is unavailable'));
    const sut = new CallTools(spec(tools), phone, sandbox, refusing, unreachable);
    expect(await sut.run({ callId: 'tool-8', name: 'text_link', args: {} })).toEqual({
      kind: 'result',
      result: 'The text could not be sent: JetStream is unavailable',
    });
  });

  it('hands collect_input to the session with its prompt and digit limit', async () => {
    const sut = new CallTools(spec(tools), phone, sandbox, texts, unreachable);
    expect(await sut.run({ callId: 'c', name: 'pin', args: {} })).toEqual({
      kind: 'collect',
      inputType: 'digits',
      prompt: 'Your PIN?',
      maxDigits: 4,
    });
  });

  describe('http_request through the active outbound guard', () => {
    const httpTool = (url: string): VoiceToolDto => ({
      type: 'http_request',
      name: 'lookup',
      description: 'Look up',
      url,
      method: 'GET',
    });
    let target: LoopbackListener;

    beforeAll(async () => {
      target = await LoopbackListener.start();
    });
    afterAll(() => target.stop());

    it('tells the model the request was refused, without connecting, however loopback is spelled', async () => {
      const guard = OutboundGuard.fromAllowList('');
      try {
        for (const host of ['2130706433', '0x7f.0.0.1', '[::ffff:7f00:1]', '[::1]', 'localhost']) {
          const url = `https://${host}:${target.port}/orders`;
          const sut = new CallTools(spec([httpTool(url)]), phone, sandbox, texts, guard.fetch);
          expect(await sut.run({ callId: 'c', name: 'lookup', args: {} })).toEqual({
            kind: 'result',
            result: expect.stringMatching(/^The request failed: Refused to call .*loopback/),
          });
        }
        expect(target.connections).toBe(0);
      } finally {
        await guard.close();
      }
    });

    it('gives the model a redirect as it came, without following it to a refused address', async () => {
      const guard = OutboundGuard.fromAllowList('127.0.0.2/32');
      const hop = await LoopbackListener.start(
        (_request, response) =>
          response.writeHead(302, { location: `http://127.0.0.1:${target.port}/orders` }).end(),
        ['127.0.0.2'],
      );
      try {
        const url = `http://127.0.0.2:${hop.port}/orders`;
        const sut = new CallTools(spec([httpTool(url)]), phone, sandbox, texts, guard.fetch);
        expect(await sut.run({ callId: 'c', name: 'lookup', args: {} })).toEqual({
          kind: 'result',
          result: 'HTTP 302: ',
        });
        expect(target.connections).toBe(0);
      } finally {
        await Promise.all([guard.close(), hop.stop()]);
      }
    });
  });
});
