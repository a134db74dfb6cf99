import { eventually, FakeOpenAiChat, freePort } from '@clarion/testing';
import { ToolDefinition } from '../conversation-model';
import { OpenAiChatModel } from './openai-chat';
import { ChatMessage, ReplyPart } from './speech-parts';

const API_KEY = 'sk-test-chat';
const OPTIONS = { model: 'gpt-4.1-mini', temperature: 0.4, maxTokens: 256 };
const GREETING: ChatMessage[] = [
  { role: 'system', content: 'You are the front desk of a dental office.' },
  { role: 'user', content: 'Hi there' },
];
const LOOKUP: ToolDefinition = {
  name: 'lookup_order',
  description: 'Finds an order by its number',
  parameters: { type: 'object', properties: { orderId: { type: 'string' } } },
};

async function collect(parts: AsyncIterable<ReplyPart>): Promise<ReplyPart[]> {
  const collected: ReplyPart[] = [];
  for await (const part of parts) collected.push(part);
  return collected;
}

function textOf(parts: ReplyPart[]): string {
  return parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

describe(OpenAiChatModel.name, () => {
  let fake: FakeOpenAiChat;
  let sut: OpenAiChatModel;

  beforeEach(async () => {
    fake = await FakeOpenAiChat.start(API_KEY);
    sut = new OpenAiChatModel({ apiKey: API_KEY, baseUrl: fake.baseUrl }, OPTIONS);
  });

  afterEach(() => fake.close());

  it('sends the model options, the tools and the history with its tool calls and results', async () => {
    const history: ChatMessage[] = [
      ...GREETING,
      {
        role: 'assistant',
        content: 'Let me look.',
        toolCalls: [{ callId: 'call_1', name: 'lookup_order', args: { orderId: '42' } }],
      },
      { role: 'tool', toolCallId: 'call_1', content: '{"status":"shipped"}' },
      { role: 'assistant', content: 'It has shipped.' },
      { role: 'user', content: 'Thanks!' },
    ];

    await collect(sut.reply(history, [LOOKUP], new AbortController().signal));

    expect(fake.requests).toEqual([
      {
        model: 'gpt-4.1-mini',
        messages: [
          { role: 'system', content: 'You are the front desk of a dental office.' },
          { role: 'user', content: 'Hi there' },
          {
            role: 'assistant',
            content: 'Let me look.',
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'lookup_order', arguments: '{"orderId":"42"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '{"status":"shipped"}' },
          { role: 'assistant', content: 'It has shipped.' },
          { role: 'user', content: 'Thanks!' },
        ],
        temperature: 0.4,
        max_completion_tokens: 256,
        stream: true,
        tools: [
          {
            type: 'function',
            function: {
              name: 'lookup_order',
              description: 'Finds an order by its number',
              parameters: { type: 'object', properties: { orderId: { type: 'string' } } },
            },
          },
        ],
      },
    ]);
  });

  it('leaves tools out when there are none', async () => {
    await collect(sut.reply(GREETING, [], new AbortController().signal));

    expect(fake.requests[0]).not.toHaveProperty('tools');
  });

  it('yields the text deltas in order as they stream', async () => {
    fake.replyWith('Good morning! How can I help you today?');

    const parts = await collect(sut.reply(GREETING, [], new AbortController().signal));

    expect(parts.length).toBeGreaterThan(3);
    expect(parts.every((part) => part.type === 'text')).toBe(true);
    expect(textOf(parts)).toBe('Good morning! How can I help you today?');
  });

  it('assembles a tool call streamed across deltas and yields it after the text', async () => {
    fake.callTool('lookup_order', { orderId: '42', rush: true }, 'One moment.');

    const parts = await collect(sut.reply(GREETING, [LOOKUP], new AbortController().signal));

    expect(textOf(parts)).toBe('One moment.');
    expect(parts.at(-1)).toEqual({
      type: 'tool_call',
      call: {
        callId: expect.stringMatching(/^call_/),
        name: 'lookup_order',
        args: { orderId: '42', rush: true },
      },
    });
    expect(parts.filter((part) => part.type === 'tool_call')).toHaveLength(1);
  });

  it('gives a tool call whose arguments are not a JSON object empty args', async () => {
    fake.callTool('lookup_order', '{"orderId": ');

    const parts = await collect(sut.reply(GREETING, [LOOKUP], new AbortController().signal));

    expect(parts).toEqual([
      { type: 'tool_call', call: { callId: expect.any(String), name: 'lookup_order', args: {} } },
    ]);
  });

  it('throws the status and the message of a refusal', async () => {
    fake.failWith(429, 'Rate limit reached for requests');

    await expect(collect(sut.reply(GREETING, [], new AbortController().signal))).rejects.toThrow(
      'OpenAI chat completions refused (HTTP 429): Rate limit reached for requests',
    );
  });

  it('throws 401 with a wrong key', async () => {
    const stranger = new OpenAiChatModel({ apiKey: 'sk-wrong', baseUrl: fake.baseUrl }, OPTIONS);

    await expect(
      collect(stranger.reply(GREETING, [], new AbortController().signal)),
    ).rejects.toThrow('(HTTP 401): Incorrect API key provided.');
  });

  it('throws when the server cannot be reached', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
    const lost = new OpenAiChatModel({ apiKey: API_KEY, baseUrl }, OPTIONS);

    await expect(collect(lost.reply(GREETING, [], new AbortController().signal))).rejects.toThrow(
      'OpenAI chat completions is unreachable',
    );
  });

  it('ends quietly and hangs up when aborted mid-stream', async () => {
    const release = fake.holdReplyEnds();
    fake.callTool('lookup_order', { orderId: '42' }, 'Let me check that for you.');
    const controller = new AbortController();
    const parts: ReplyPart[] = [];

    for await (const part of sut.reply(GREETING, [LOOKUP], controller.signal)) {
      parts.push(part);
      controller.abort();
    }

    expect(parts).toEqual([{ type: 'text', text: expect.any(String) }]);
    await eventually(() => (fake.disconnects === 1 ? true : undefined));
    release();
  });

  it('does not ask at all when aborted before', async () => {
    const controller = new AbortController();
    controller.abort();

    expect(await collect(sut.reply(GREETING, [], controller.signal))).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});
