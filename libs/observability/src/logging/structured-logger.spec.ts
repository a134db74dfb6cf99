import { StructuredLogger } from './structured-logger';

describe(StructuredLogger.name, () => {
  let written: string[];

  beforeEach(() => {
    written = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });

  afterEach(() => jest.restoreAllMocks());

  const bootOf = (sut: StructuredLogger) => {
    sut.log('Starting Nest application...', 'NestFactory');
    sut.log('GatewayModule dependencies initialized', 'InstanceLoader');
    sut.log('Mapped {/send, POST} route', 'RouterExplorer');
    sut.log('ready in 480 ms', 'gateway');
  };

  it("writes Nest's boot narration only at the debug level", () => {
    bootOf(new StructuredLogger({ service: 'gateway', format: 'pretty', level: 'info' }));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/INFO {2}\[gateway\] ready in 480 ms\n$/);

    written = [];
    bootOf(new StructuredLogger({ service: 'gateway', format: 'json', level: 'debug' }));
    expect(written.map((line) => (JSON.parse(line) as { level: string }).level)).toEqual([
      'debug',
      'debug',
      'debug',
      'info',
    ]);
  });

  it('writes plain text without colour codes, one line per entry', () => {
    const sut = new StructuredLogger({ service: 'voice', format: 'pretty', level: 'info' });
    sut.warn('disconnect 127.0.0.1:4222', 'Nats');
    expect(written.join('')).not.toContain('\x1b[');
    expect(written.join('').split('\n')).toHaveLength(2);
  });
});
