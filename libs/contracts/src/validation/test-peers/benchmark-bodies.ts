import { SendEmailRequestDto, SendSmsRequestDto } from '../../send/direct-send.dto';
import { SendDto } from '../../send/send.dto';

/**
 * The bodies bench/send.mjs (send-load.mjs) and bench/send-mixed.mjs send, by the class that
 * takes each: the gateway's fast paths must answer every one of them, or the benchmarks measure
 * the slow path.
 */
export const BENCHMARK_BODIES: [
  name: string,
  dto: typeof SendDto | typeof SendSmsRequestDto | typeof SendEmailRequestDto,
  body: Record<string, unknown>,
][] = [
  [
    'send.mjs',
    SendDto,
    {
      type: 'bench',
      to: { id: 'bench-user-7' },
      forceChannels: ['INAPP_WEB'],
      inapp: { title: 'Hello {{n}}' },
      parameters: { n: 7 },
    },
  ],
  [
    'send.mjs smoke',
    SendDto,
    {
      type: 'bench',
      to: { id: 'bench-smoke' },
      forceChannels: ['INAPP_WEB'],
      inapp: { title: 'smoke' },
    },
  ],
  [
    'send-mixed.mjs templated',
    SendDto,
    {
      type: 'bench-templated',
      to: { id: 'bench-user-1', email: 'bench-user-1@example.test', number: '+15005550006' },
      parameters: { name: 'bench-user-1', order: 1 },
    },
  ],
  [
    'send-mixed.mjs throttled',
    SendDto,
    { type: 'bench-throttled', to: { id: 'bench-user-2' }, inapp: { title: 'Update 2' } },
  ],
  [
    'send-mixed.mjs deduplicated',
    SendDto,
    { type: 'bench-deduplicated', to: { id: 'bench-user-3' }, inapp: { title: 'Same every time' } },
  ],
  [
    'send-mixed.mjs sms',
    SendSmsRequestDto,
    { type: 'bench-sms', to: '+15005550006', message: 'Code 4' },
  ],
  [
    'send-mixed.mjs email',
    SendEmailRequestDto,
    {
      type: 'bench-email',
      to: 'bench-user-5@example.test',
      subject: 'Receipt 5',
      html: '<p>Thanks</p>',
    },
  ],
];
