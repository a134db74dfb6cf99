import { createServer, Server } from 'node:http';
import { answerScrape } from '../metrics/prometheus-endpoint';
import { ReadinessRegistry } from './readiness.registry';

/**
 * The health port: GET /health/live answers 200 while the process runs, GET /health/ready 200 or
 * 503 (Kubernetes probes), GET /metrics the service's metrics as Prometheus text.
 */
export function startHealthServer(port: number, readiness: ReadinessRegistry): Promise<Server> {
  const server = createServer((request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.url === '/health/live') return reply(200, { live: true });
    if (request.url === '/metrics') return answerScrape(request, response);
    if (request.url !== '/health/ready') return reply(404, { error: 'not found' });
    readiness.evaluate().then(
      (report) => reply(report.ready ? 200 : 503, report),
      () => reply(503, { ready: false }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
