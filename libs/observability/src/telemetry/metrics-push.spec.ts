import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { ExportHealth } from './export-health';
import { MetricsPush } from './metrics-push';
import { LoopbackCollector } from './test-peers/loopback-collector';

interface ExportedMetric {
  name: string;
  sum?: { dataPoints: { asInt?: number | string; asDouble?: number }[] };
}

/** The metrics of an OTLP/JSON export request, by name. */
function metricsOf(body: string): Map<string, ExportedMetric> {
  const request = JSON.parse(body) as {
    resourceMetrics: { scopeMetrics: { metrics: ExportedMetric[] }[] }[];
  };
  const metrics = request.resourceMetrics.flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics));
  return new Map(metrics.map((metric) => [metric.name, metric]));
}

function valueOf(metric: ExportedMetric | undefined): number {
  const point = metric?.sum?.dataPoints[0];
  return Number(point?.asInt ?? point?.asDouble);
}

describe(MetricsPush.name, () => {
  let url: string;
  const bodies: string[] = [];
  let status = 200;
  const collector = new LoopbackCollector((request, body, response) => {
    if (request.url === '/v1/metrics') bodies.push(body.toString('utf8'));
    response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });

  beforeAll(async () => {
    url = `${await collector.start()}/v1/metrics`;
  });

  afterAll(() => collector.close());
  beforeEach(() => {
    bodies.splice(0);
    logged.splice(0);
    status = 200;
  });

  const logged: string[] = [];
  const log = {
    log: (message: string) => logged.push(message),
    warn: (message: string) => logged.push(message),
    error: (message: string) => logged.push(message),
  };

  function meteredPush(intervalMs = 60_000) {
    const prometheus = new PrometheusExporter({ preventServerStart: true });
    const provider = new MeterProvider({ readers: [prometheus] });
    const counter = provider.getMeter('@clarion/test').createCounter('clarion.sends.accepted');
    const health = new ExportHealth('metric', log);
    const push = new MetricsPush(prometheus, new OTLPMetricExporter({ url }), intervalMs, health);
    return { prometheus, provider, counter, push };
  }

  it('exports the cumulative series the Prometheus reader holds, and Prometheus still reads them', async () => {
    const { prometheus, provider, counter, push } = meteredPush();
    counter.add(2);
    await push.pushOnce();
    counter.add(3);
    await push.pushOnce();

    expect(bodies).toHaveLength(2);
    expect(valueOf(metricsOf(bodies[0]!).get('clarion.sends.accepted'))).toBe(2);
    expect(valueOf(metricsOf(bodies[1]!).get('clarion.sends.accepted'))).toBe(5);
    const scraped = await prometheus.collect();
    const [metric] = scraped.resourceMetrics.scopeMetrics[0]!.metrics;
    expect(metric?.dataPoints[0]?.value).toBe(5);
    await push.shutdown();
    await provider.shutdown();
  });

  it('pushes at its interval', async () => {
    const { provider, counter, push } = meteredPush(50);
    counter.add(1);
    push.start();
    const deadline = Date.now() + 5_000;
    while (bodies.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));

    expect(bodies.length).toBeGreaterThanOrEqual(2);
    await push.shutdown();
    await provider.shutdown();
  });

  it('pushes what was recorded since the last push when it shuts down', async () => {
    const { provider, counter, push } = meteredPush();
    push.start();
    counter.add(7);
    await push.shutdown();

    expect(bodies).toHaveLength(1);
    expect(valueOf(metricsOf(bodies[0]!).get('clarion.sends.accepted'))).toBe(7);
    await provider.shutdown();
  });

  it('keeps pushing after the collector refused an export, and logs the refusal and the recovery', async () => {
    const { provider, counter, push } = meteredPush();
    counter.add(1);
    status = 400;
    await push.pushOnce();
    status = 200;
    counter.add(1);
    await push.pushOnce();

    expect(valueOf(metricsOf(bodies.at(-1)!).get('clarion.sends.accepted'))).toBe(2);
    expect(logged).toEqual([
      expect.stringMatching(/^metric export failing: .*HTTP 400/),
      'metric export recovered after 1 failed exports',
    ]);
    await push.shutdown();
    await provider.shutdown();
  });
});
