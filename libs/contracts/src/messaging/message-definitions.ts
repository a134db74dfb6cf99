import { checkOf, PayloadCheck, Shape } from './payload-shape';

/**
 * Typed message definitions. The phantom fields carry the payload types so that the messaging
 * client and the handler decorators agree on them at compile time; at run time only the subject
 * (and a request's own deadline) exists. Subjects here never carry the deployment namespace: the
 * messaging library adds it.
 */
export interface RequestDefinition<TRequest, TReply> {
  readonly subject: string;
  /** How long a requester waits for the reply, when not the deployment's default. */
  readonly timeoutMs?: number;
  /** False for probes (readiness checks), which would bury real work in traces. */
  readonly traced?: false;
  readonly __request?: TRequest;
  readonly __reply?: TReply;
}

/** A fire-and-forget message every subscriber (not one per queue group) receives. */
export interface BroadcastDefinition<TPayload> {
  readonly subject: string;
  readonly __payload?: TPayload;
}

export interface JobDefinition<TPayload> {
  readonly subject: string;
  readonly stream: StreamName;
  /** The consumer's check of a message before handling it (see payload-shape.ts). */
  readonly check: PayloadCheck;
  readonly __payload?: TPayload;
}

export enum StreamName {
  SENDS = 'SENDS',
  DELIVERY = 'DELIVERY',
  EVENTS = 'EVENTS',
  DEAD_LETTER = 'DEAD_LETTER',
  AUDIT = 'AUDIT',
  USAGE = 'USAGE',
}

/**
 * The deadline of requests whose handler calls an outside provider (Twilio, Slack), which may take
 * 15 s: longer than the default deadline of a request.
 */
export const PROVIDER_REPLY_TIMEOUT_MS = 20_000;

export function defineRequest<TRequest, TReply>(
  subject: string,
  options: { timeoutMs?: number; traced?: false } = {},
): RequestDefinition<TRequest, TReply> {
  return { subject, ...options };
}

export function defineBroadcast<TPayload>(subject: string): BroadcastDefinition<TPayload> {
  return { subject };
}

export function defineJob<TPayload>(
  stream: StreamName,
  subject: string,
  shape: Shape<TPayload>,
): JobDefinition<TPayload> {
  return { stream, subject, check: checkOf(shape) };
}

export type RequestOf<T> = T extends RequestDefinition<infer R, unknown> ? R : never;
export type ReplyOf<T> = T extends RequestDefinition<unknown, infer R> ? R : never;
export type PayloadOf<T> =
  T extends JobDefinition<infer P> ? P : T extends BroadcastDefinition<infer P> ? P : never;
