import { LoggerService } from '@nestjs/common';
import { StructuredDiagLogger } from './structured-diag-logger';

const MINUTE_MS = 60_000;

describe(StructuredDiagLogger.name, () => {
  let now: number;
  let lines: string[];
  let sut: StructuredDiagLogger;

  beforeEach(() => {
    now = 0;
    lines = [];
    const log: LoggerService = {
      log: (message: string, context?: string) => lines.push(`info [${context}] ${message}`),
      warn: (message: string, context?: string) => lines.push(`warn [${context}] ${message}`),
      error: (message: string, context?: string) => lines.push(`error [${context}] ${message}`),
    };
    sut = new StructuredDiagLogger(log, () => now);
  });

  it('writes a diagnostic with its error arguments as one line, without their stacks', () => {
    const error = new Error('socket hang up\nsecond line');
    sut.error('metrics collection failed', error, { status: 503 });
    expect(lines).toEqual([
      'error [OpenTelemetry] metrics collection failed socket hang up second line {"status":503}',
    ]);
  });

  it('holds back a repeated message for a minute, then says how often it was held back', () => {
    sut.warn('Received Partial Success response');
    sut.warn('Received Partial Success response');
    sut.warn('another message');
    now = MINUTE_MS;
    sut.warn('Received Partial Success response');
    now = 2 * MINUTE_MS;
    sut.warn('Received Partial Success response');
    expect(lines).toEqual([
      'warn [OpenTelemetry] Received Partial Success response',
      'warn [OpenTelemetry] another message',
      'warn [OpenTelemetry] Received Partial Success response (held back 1 times)',
    ]);
  });
});
