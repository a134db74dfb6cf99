import { connect as connectTcp } from 'node:net';

/** Whether something accepts TCP connections at host:port within `timeoutMs`. */
export function isListening(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
