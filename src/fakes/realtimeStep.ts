import type { RealtimeTransportEventTypes } from '@openai/agents/realtime';
import { brief } from '../format/brief';
import type { RealtimeCall, RealtimeMethod, RealtimePayload } from './realtimeCall';

/** A partial of `T` at every depth; asymmetric matchers (`expect.any(String)`) fit anywhere. */
export type PartialDeep<T> = T extends ArrayBuffer
  ? T
  : T extends readonly (infer Item)[]
    ? readonly PartialDeep<Item>[]
    : T extends object
      ? { [K in keyof T]?: PartialDeep<T[K]> }
      : T;

/**
 * What an `expect` step accepts: a partial of the call's payload (`{ message: 'Hello' }`), or a
 * predicate of the whole call that rejects it by returning `false` or throwing.
 */
export type CallPattern<M extends RealtimeMethod> = PartialDeep<RealtimePayload<M>> | ((call: RealtimeCall<M>) => boolean | void);

/** An event name a transport emits, typed by the SDK's event map. */
export type RealtimeEventName = keyof RealtimeTransportEventTypes & string;

/** One outbound call the script expects next. */
export interface ExpectStep {
  readonly kind: 'expect';
  readonly method: RealtimeMethod;
  /** How messages name the step, without its number: `expect('sendMessage', {"message":"Hi"})`. */
  readonly describe: () => string;
  /** `describe()`'s result, kept once a message needed it; see `labelOf`. */
  label?: string | undefined;
  readonly pattern: unknown;
  /** Set by `.fails(error)`: the matching call throws this. */
  failure?: { error: unknown };
  /** An audio step takes consecutive `sendAudio` calls until their total reaches the target. */
  readonly audio?: AudioTarget;
}

export interface AudioTarget {
  readonly ms?: number;
  readonly bytes?: number;
  /** The step ends with a call that commits the audio buffer. */
  readonly commit?: boolean;
}

/** One event, or the transport dropping the connection. */
export type PlannedEvent =
  | { readonly type: 'event'; readonly name: string; readonly args: readonly unknown[] }
  | { readonly type: 'disconnect'; readonly error: unknown; readonly hasError: boolean };

/** Inbound events the script delivers once every step before them has been played. */
export interface EmitStep {
  readonly kind: 'emit';
  readonly describe: () => string;
  label?: string | undefined;
  readonly events: readonly PlannedEvent[];
  /** A model-initiated call (tool or handoff): checked against what the agent offers when delivered. */
  readonly calls?: { readonly name: string; readonly kind: 'tool' | 'handoff' };
}

export type RealtimeStep = ExpectStep | EmitStep;

/**
 * How messages name a step, without its number. Labels are written only when a message needs
 * them: rendering every payload while the script is built would cost more than playing it.
 */
export function labelOf(step: RealtimeStep): string {
  if (step.label === undefined) {
    const failure = step.kind === 'expect' && step.failure ? `.fails(${brief(step.failure.error, 60)})` : '';
    step.label = `${step.describe()}${failure}`;
  }
  return step.label;
}
