import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => boolean | Promise<boolean>;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, boolean>;
}

/** Components register what must hold for their service to take work (database, NATS, consumers). */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async evaluate(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await safely(check)] as const),
    );
    const checks = Object.fromEntries(entries);
    return { ready: entries.length > 0 && entries.every(([, ok]) => ok), checks };
  }
}

async function safely(check: ReadinessCheck): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}
