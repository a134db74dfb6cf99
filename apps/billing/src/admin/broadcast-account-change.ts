import { BaseEnv, natsServersOf } from '@clarion/config';
import { Broadcasts } from '@clarion/contracts';
import { connect } from 'nats';

/**
 * Tells running gateways that an account changed, so they drop cached credentials at once. The
 * command line has no NATS module of its own; when NATS is not reachable the caches expire by
 * themselves within their TTL, and the operator is told so.
 */
export async function broadcastAccountChange(env: BaseEnv, accountId: string): Promise<boolean> {
  try {
    const connection = await connect({ servers: natsServersOf(env.NATS_URL), timeout: 2_000 });
    const subject = [env.CLARION_NAMESPACE, Broadcasts.billingChanges.subject]
      .filter(Boolean)
      .join('.');
    connection.publish(subject, JSON.stringify({ kind: 'account-changed', accountId }));
    await connection.drain();
    return true;
  } catch {
    return false;
  }
}
