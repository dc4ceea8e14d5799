import { describeMs, msOf } from '../../format/audioFormat';
import { byteLengthOf, type RealtimeCall } from './call';
import type { SessionConfigView } from './sessionConfig';
import type { ExpectStep } from './step';

/**
 * How far an `expectAudio` step has got: it takes consecutive `sendAudio` calls until their total
 * reaches its target (and, with `commit`, until one commits), counted in the input format the
 * session configured.
 */
export class AudioProgress {
  readonly #config: SessionConfigView;
  /** Bytes the current audio step has taken so far. */
  #taken = 0;

  constructor(config: SessionConfigView) {
    this.#config = config;
  }

  get taken(): number {
    return this.#taken;
  }

  /** Why `call` cannot go to `step`, as a sentence, or `undefined` when it can. */
  problem(step: ExpectStep, call: RealtimeCall<'sendAudio'>): string | undefined {
    const target = this.#targetBytes(step);
    if (target === undefined) return undefined;
    const taken = this.#taken + byteLengthOf(call.audio);
    if (taken > target) return `The audio would total ${this.#ms(taken)}, more than the step's ${this.#ms(target)}`;
    if (step.audio?.commit && call.options?.commit && taken < target) {
      return `The audio was committed after ${this.#ms(taken)}, short of the step's ${this.#ms(target)}`;
    }
    return undefined;
  }

  /** Adds the call to the step; whether the step has all it needs. */
  take(step: ExpectStep, call: RealtimeCall<'sendAudio'>): boolean {
    this.#taken += byteLengthOf(call.audio);
    const target = this.#targetBytes(step);
    const enough = target === undefined || this.#taken >= target;
    const committed = !step.audio?.commit || call.options?.commit === true;
    if (!enough || !committed) return false;
    this.#taken = 0;
    return true;
  }

  /** `400 ms`: what the current step has taken so far. */
  describeTaken(): string {
    return this.#ms(this.#taken);
  }

  #targetBytes(step: ExpectStep): number | undefined {
    const { audio } = step;
    const format = this.#config.format;
    if (audio?.bytes !== undefined) return audio.bytes;
    if (audio?.ms !== undefined) return Math.round((audio.ms * format.sampleRate) / 1000) * format.bytesPerSample;
    return undefined;
  }

  #ms(bytes: number): string {
    return describeMs(msOf(bytes, this.#config.format));
  }
}
