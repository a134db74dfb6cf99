import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Channel } from '@clarion/contracts';
import { tracedProviderCall } from './traced-provider-call';

describe(tracedProviderCall.name, () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

  beforeAll(() => trace.setGlobalTracerProvider(provider));
  afterAll(() => trace.disable());
  afterEach(() => exporter.reset());

  it('names the channel on its span as the contract does, as the delivery job and the metrics do', async () => {
    await tracedProviderCall(Channel.SMS, 'twilio', async () => ({ status: 'sent' }));
    await tracedProviderCall(Channel.PUSH, 'fcm', async () => ({
      status: 'retry',
      reason: 'unavailable',
    }));

    expect(exporter.getFinishedSpans().map((span) => [span.name, span.attributes])).toEqual([
      [
        'delivery.sms deliver',
        expect.objectContaining({ 'clarion.channel': Channel.SMS, 'clarion.provider': 'twilio' }),
      ],
      [
        'delivery.mobile_push deliver',
        expect.objectContaining({ 'clarion.channel': Channel.PUSH, 'clarion.outcome': 'retry' }),
      ],
    ]);
  });
});
