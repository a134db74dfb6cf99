const PROBE_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

/** Kubernetes probes and Prometheus scrapes: answered, but neither traced nor counted. */
export function isProbe(url: string | undefined): boolean {
  return PROBE_PATHS.has(url ?? '');
}
