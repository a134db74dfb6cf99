import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import {
  countDeadLetter,
  recordDeliveryAttempt,
  recordHttpRequest,
} from '../metrics/clarion-metrics';
import { startTelemetry, stopTelemetry } from '../telemetry/start-telemetry';
import { startHealthServer } from './health-server';
import { ReadinessRegistry } from './readiness.registry';

describe(startHealthServer.name, () => {
  let sut: Server;
  let url: string;
  const readiness = new ReadinessRegistry();
  let ready = true;

  beforeAll(async () => {
    delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
    startTelemetry('billing');
    readiness.register('nats', () => ready);
    sut = await startHealthServer(0, readiness);
    url = `http://127.0.0.1:${(sut.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    sut.close();
    await stopTelemetry();
  });

  it('answers liveness, and readiness from the registered checks', async () => {
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);
    ready = false;
    const notReady = await fetch(`${url}/health/ready`);
    ready = true;
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ ready: false, checks: { nats: false } });
  });

  it('serves what the service recorded as Prometheus text, with the process metrics', async () => {
    recordDeliveryAttempt({ channel: 'SMS', provider: 'twilio', outcome: 'sent', seconds: 0.2 });
    recordDeliveryAttempt({ channel: 'SMS', provider: 'twilio', outcome: 'sent', seconds: 0.3 });
    countDeadLetter('DELIVERY', 'delivery-workers-sms');
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /^clarion_delivery_attempts_total\{channel="SMS",provider="twilio",outcome="sent"[^}]*\} 2$/m,
    );
    expect(text).toMatch(
      /^clarion_delivery_provider_duration_seconds_bucket\{[^}]*outcome="sent"[^}]*le="0.25"\} 1$/m,
    );
    expect(text).toMatch(
      /^clarion_dead_letters_total\{stream="DELIVERY",consumer="delivery-workers-sms"[^}]*\} 1$/m,
    );
    expect(text).toMatch(/^process_resident_memory_bytes(\{[^}]*\})? [1-9]\d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{stat="max"[^}]*\} /m);
  });

  it('names the service on target_info, durations in seconds, and no instrumentation scope on samples', async () => {
    recordHttpRequest('POST', '/send', 202, 0.02);
    const text = await (await fetch(`${url}/metrics`)).text();

    expect(text).toMatch(/^target_info\{[^}]*service_name="billing"[^}]*\} 1$/m);
    expect(text).not.toContain('unknown_service');
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{http_request_method="POST",http_route="\/send",http_response_status_code="202"\} 1$/m,
    );
    expect(text).not.toMatch(/^http_server_request_duration_(bucket|sum|count)\{/m);
    expect(text).not.toContain('otel_scope_');
  });

  it('answers an unknown path with 404', async () => {
    expect((await fetch(`${url}/metrics/extra`)).status).toBe(404);
  });
});
