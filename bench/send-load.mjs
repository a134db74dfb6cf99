// The load of the send benchmarks: POST /send of an in-app notification, each request to the next
// user of a pool, from autocannon (bench/send.mjs, bench/tracing-cost.mjs).
import autocannon from 'autocannon';

/**
 * One autocannon run against POST /send. Each request goes to the next user of the pool;
 * `onAccepted(trackingId, userId)` is called for every 200.
 */
export function runLoad({
  baseUrl,
  apiKey,
  connections,
  durationS,
  rate,
  users,
  onAccepted,
  onRejected,
  register,
}) {
  let sequence = 0;
  const instance = autocannon({
    url: `${baseUrl}/send`,
    connections,
    ...(rate === undefined ? {} : { overallRate: rate }),
    pipelining: 1,
    duration: durationS,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/send',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        setupRequest(request, context) {
          const n = sequence++;
          const userId = `bench-user-${n % users}`;
          // With pipelining 1 a client has one request in flight, so its context still holds
          // this request's user when onResponse runs.
          context.userId = userId;
          request.body = JSON.stringify({
            type: 'bench',
            to: { id: userId },
            forceChannels: ['INAPP_WEB'],
            inapp: { title: 'Hello {{n}}' },
            parameters: { n },
          });
          return request;
        },
        onResponse(status, body, context) {
          if (status === 200) {
            let trackingId;
            try {
              trackingId = JSON.parse(body).trackingId;
            } catch {
              // counted below as a 200 without trackingId
            }
            onAccepted(trackingId, context.userId);
          } else {
            onRejected(status, body);
          }
        },
      },
    ],
  });
  register(instance);
  return new Promise((resolveRun, rejectRun) => {
    instance.on('done', resolveRun);
    instance.on('error', rejectRun);
  });
}
