import type { RealtimeTransportEventTypes } from '@openai/agents/realtime';
import { brief } from '../../format/brief';
import type { Asserting } from '../core/predicate';
import type { RealtimeCall, RealtimeMethod, RealtimePayload } from './call';

/** An asymmetric matcher as the types see it (`expect.any(String)`); `@jest/globals` types them as objects. */
interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean;
}

/** A partial of `T` at every depth; asymmetric matchers (`expect.any(String)`) fit anywhere. */
export type PartialDeep<T> =
  | AsymmetricMatcherLike
  | (T extends ArrayBuffer
      ? T
      : T extends readonly (infer Item)[]
        ? readonly PartialDeep<Item>[]
        : T extends object
          ? { [K in keyof T]?: PartialDeep<T[K]> }
          : T);

/**
 * A check of a whole call. It accepts the call only by returning `true`, so a forgotten `return`
 * never accepts one; a check made of assertions is wrapped in `asserting(…)`.
 */
export type CallPredicate<M extends RealtimeMethod> = ((call: RealtimeCall<M>) => boolean) | Asserting<[RealtimeCall<M>]>;

/** What an `expect` step accepts: a partial of the call's payload (`{ message: 'Hello' }`), or a predicate of the whole call. */
export type CallPattern<M extends RealtimeMethod> = PartialDeep<RealtimePayload<M>> | CallPredicate<M>;

/** The keys a type declares by name, without its index signature. */
type DeclaredKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/**
 * An event name a transport emits, as the SDK's event map declares it. The map also has an index
 * signature, which would let any string through; only the declared names are kept.
 */
export type RealtimeEventName = DeclaredKeys<RealtimeTransportEventTypes> & string;

/**
 * How a message names a step: the verb that wrote it and its arguments, kept as data and worded
 * only when a message needs it (rendering every payload while a script is built would cost more
 * than playing it).
 */
export interface StepLabel {
  readonly verb: string;
  /** Each argument as the verb shows it: text as it is, or a value shown briefly in at most `max` characters. */
  readonly args?: readonly LabelArg[];
  /** Which of the calls a verb expects, for verbs that expect several: `updateSessionConfig`. */
  readonly part?: string;
}

export type LabelArg = string | { readonly value: unknown; readonly max: number };

/** One outbound call the script expects next. */
export interface ExpectStep {
  readonly kind: 'expect';
  readonly method: RealtimeMethod;
  readonly label: StepLabel;
  /** A partial of the call's payload, asymmetric matchers allowed. */
  readonly pattern?: object;
  /** A check of the whole call; see `judge` for what accepts a call. */
  readonly predicate?: (call: never) => unknown;
  /** Set by `.fails(error)`: the matching call throws this. */
  readonly failure?: { readonly error: unknown };
  /** An audio step takes consecutive `sendAudio` calls until their total reaches the target. */
  readonly audio?: AudioTarget;
  /** The output this step takes answers a rejected approval: the tool did not run. */
  readonly rejection?: boolean;
  /** The step takes any output of a tool that ran (`expectToolOutput(tool)`, or with `expect.any(String)` or `expect.anything()`): one whose tool failed is refused. */
  readonly anyOutput?: boolean;
}

export interface AudioTarget {
  readonly ms?: number;
  readonly bytes?: number;
  /** The step ends with a call that commits the audio buffer. */
  readonly commit?: boolean;
}

/** A check of an error the session reports: a part of its message, a RegExp, or a predicate. */
export type ErrorMatch = string | RegExp | ((error: unknown) => boolean) | Asserting<[error: unknown]>;

/** An `error` event the script expects the session to emit (it swallows most failures into one). */
export interface SessionErrorStep {
  readonly kind: 'session_error';
  readonly label: StepLabel;
  readonly match?: ErrorMatch;
}

/** One event, or the transport dropping the connection. */
export type PlannedEvent =
  | { readonly type: 'event'; readonly name: string; readonly args: readonly unknown[] }
  | { readonly type: 'disconnect'; readonly error: unknown; readonly hasError: boolean };

/** A call the model makes in an emitted response: checked against what the agent offers when delivered. */
export interface ModelCall {
  readonly name: string;
  readonly kind: 'tool' | 'handoff';
  /** `false` for a call the script means to be of a tool the agent does not offer. */
  readonly offered: boolean;
}

/** Inbound events, delivered once every step before them has been played. */
export interface EmitStep {
  readonly kind: 'emit';
  readonly label: StepLabel;
  readonly events: readonly PlannedEvent[];
  readonly calls?: readonly ModelCall[];
  /** Delivered even when the session has closed the connection (on purpose: the SDK must ignore it). */
  readonly evenIfClosed?: boolean;
}

export type RealtimeStep = ExpectStep | SessionErrorStep | EmitStep;

/** Steps the session plays by doing something (a call, an error), as opposed to events the script delivers. */
export type ExpectedStep = ExpectStep | SessionErrorStep;

const labels = new WeakMap<RealtimeStep, string>();

/** How messages name a step, without its number: `expect('sendMessage', {"message":"Hi"})`, `expectHandoff(Billing): updateSessionConfig`. */
export function labelOf(step: RealtimeStep): string {
  let text = labels.get(step);
  if (text === undefined) {
    const { verb, args = [], part } = step.label;
    const shown = args.map((arg) => (typeof arg === 'string' ? arg : brief(arg.value, arg.max))).join(', ');
    const failure = step.kind === 'expect' && step.failure ? `.fails(${brief(step.failure.error, 60)})` : '';
    text = `${verb}(${shown})${part === undefined ? '' : `: ${part}`}${failure}`;
    labels.set(step, text);
  }
  return text;
}

/** `a sendMessage call`, `an interrupt call`, `a session error`: what a step waits for. */
export function awaitedBy(step: ExpectedStep): string {
  if (step.kind === 'session_error') return 'an error event of the session';
  return `${/^[aeiou]/i.test(step.method) ? 'an' : 'a'} ${step.method} call`;
}
