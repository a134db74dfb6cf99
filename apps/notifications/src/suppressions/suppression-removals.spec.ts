import { ROOT_CONTEXT } from '@opentelemetry/api';
import { SuppressionRemovalJob } from '@clarion/contracts';
import { JobItem } from '@clarion/messaging';
import { stepsByTarget } from './suppression-removals';

const ACCOUNT = '01a20000-0000-7000-8000-000000000001';
const ENV = '01a20000-0000-7000-8000-000000000002';

function stepOf(removalId: string, step: number, extra: Partial<SuppressionRemovalJob> = {}) {
  const payload: SuppressionRemovalJob = {
    removalId,
    accountId: ACCOUNT,
    envId: ENV,
    reason: 'bounces',
    step,
    removed: step * 500,
    ...extra,
  };
  const item: JobItem<SuppressionRemovalJob> = {
    payload,
    subject: 'sends.suppression-removals',
    deliveryCount: 1,
    traceContext: ROOT_CONTEXT,
    retry: () => undefined,
    deadLetter: () => undefined,
  };
  return item;
}

describe(stepsByTarget.name, () => {
  it('runs a step redelivered beside its own successor as the successor', () => {
    const redelivered = stepOf('r1', 3);
    const successor = stepOf('r1', 4);

    const [group, ...others] = stepsByTarget([successor, redelivered]);

    expect(others).toEqual([]);
    expect(group?.lead).toBe(successor);
    expect(group?.items).toEqual([successor, redelivered]);
  });

  it('runs two removals of the same environment and kind as one, led by the latest step', () => {
    const repeated = stepOf('r2', 0);
    const running = stepOf('r1', 2);

    const groups = stepsByTarget([repeated, running]);

    expect(groups).toEqual([{ lead: running, items: [repeated, running] }]);
  });

  it('keeps apart the removals of another kind, environment or account', () => {
    const items = [
      stepOf('r1', 0),
      stepOf('r2', 0, { reason: 'retryable' }),
      stepOf('r3', 0, { envId: '01a20000-0000-7000-8000-000000000003' }),
      stepOf('r4', 0, { accountId: '01a20000-0000-7000-8000-000000000004' }),
    ];

    expect(stepsByTarget(items).map((group) => group.lead)).toEqual(items);
  });
});
