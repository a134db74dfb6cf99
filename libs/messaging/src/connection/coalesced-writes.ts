import { NatsConnection } from 'nats';

/** The part of nats.js' protocol handler (2.x) that queues outbound commands. */
interface OutboundProtocol {
  outbound: { fill(data: Uint8Array, ...payloads: Uint8Array[]): void; size(): number };
  pendingLimit: number;
  flushPending(): void;
  sendCommand(command: string | Uint8Array, ...payloads: Uint8Array[]): void;
}

const encoder = new TextEncoder();

/**
 * Makes the client write what it queued once per turn of the event loop instead of once per
 * microtask checkpoint. nats.js flushes at the end of every callback that published, so under
 * load each HTTP request, each settled batch and each ack became its own socket write: the top
 * cost of delivery-workers and a large share of every other service and of nats-server, which
 * reads each write separately. Deferred to `setImmediate`, every publish, ack and pull of one
 * turn (all the I/O callbacks the poll phase ran) leaves in one write. A buffer past the client's
 * own limit is still written at once. Leaves a client without this internal shape as it is.
 */
export function coalesceWrites(connection: NatsConnection): void {
  const protocol = (connection as unknown as { protocol?: Partial<OutboundProtocol> }).protocol;
  if (!isOutboundProtocol(protocol)) return;
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    protocol.flushPending();
  };
  protocol.sendCommand = (command, ...payloads) => {
    protocol.outbound.fill(
      typeof command === 'string' ? encoder.encode(command) : command,
      ...payloads,
    );
    if (protocol.outbound.size() >= protocol.pendingLimit) {
      protocol.flushPending();
    } else if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  };
}

function isOutboundProtocol(
  protocol: Partial<OutboundProtocol> | undefined,
): protocol is OutboundProtocol {
  return (
    typeof protocol?.sendCommand === 'function' &&
    typeof protocol.flushPending === 'function' &&
    typeof protocol.pendingLimit === 'number' &&
    typeof protocol.outbound?.fill === 'function'
  );
}
