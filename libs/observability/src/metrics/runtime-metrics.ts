import { monitorEventLoopDelay } from 'node:perf_hooks';
import { metrics } from '@opentelemetry/api';
import { METRICS } from './metric-names';

const NANOS_PER_SECOND = 1e9;
const MICROS_PER_SECOND = 1e6;

/** Process CPU, resident memory, V8 heap and event-loop lag, read at each collection. */
export function recordRuntimeMetrics(): void {
  const meter = metrics.getMeter('@clarion/observability');
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();

  meter
    .createObservableCounter(METRICS.processCpu.name, { unit: 's', description: 'CPU time used' })
    .addCallback((result) => {
      const { user, system } = process.cpuUsage();
      result.observe(user / MICROS_PER_SECOND, { state: 'user' });
      result.observe(system / MICROS_PER_SECOND, { state: 'system' });
    });
  meter
    .createObservableGauge(METRICS.processMemory.name, {
      unit: 'By',
      description: 'Resident set size',
    })
    .addCallback((result) => result.observe(process.memoryUsage.rss()));
  meter
    .createObservableGauge(METRICS.heapUsed.name, { unit: 'By', description: 'V8 heap in use' })
    .addCallback((result) => result.observe(process.memoryUsage().heapUsed));
  meter
    .createObservableGauge(METRICS.eventLoopLag.name, {
      unit: 's',
      description: 'Event-loop delay since the previous collection',
    })
    .addCallback((result) => {
      result.observe(loopDelay.percentile(50) / NANOS_PER_SECOND, { stat: 'p50' });
      result.observe(loopDelay.percentile(99) / NANOS_PER_SECOND, { stat: 'p99' });
      result.observe(loopDelay.max / NANOS_PER_SECOND, { stat: 'max' });
      loopDelay.reset();
    });
}
