import { ScriptError, type ScriptErrorReason } from '../../errors/ScriptError';
import { msOf, pcm16Format, samplesIn, type AudioFormat } from '../../format/audioFormat';
import { kindOf } from '../core/stepContext';
import type { OptionKeys } from '../core/options';
import { unknownKeyProblem } from '../../format/unknownKey';

/** Options of the audio helpers: the sample rate in Hz, 24000 (the Realtime API's PCM rate) unless given. */
export interface AudioOptions {
  sampleRate?: number;
}

export interface ToneOptions extends AudioOptions {
  /** In Hz; 440 unless given. */
  frequency?: number;
  /** Peak level from 0 to 1 of full scale; 0.5 unless given. */
  amplitude?: number;
}

const AUDIO_OPTIONS = { sampleRate: true } satisfies OptionKeys<AudioOptions>;
const TONE_OPTIONS = { sampleRate: true, frequency: true, amplitude: true } satisfies OptionKeys<ToneOptions>;

const MIN = -32768;
const MAX = 32767;

/** Little-endian 16-bit PCM from samples (whole numbers from -32768 to 32767; fractions are rounded). */
export function pcm16(samples: readonly number[] | Int16Array): ArrayBuffer {
  if (!(samples instanceof Int16Array) && !Array.isArray(samples)) {
    throw invalid('pcm16', `expected an array of samples or an Int16Array; got ${kindOf(samples)}.`);
  }
  const buffer = new ArrayBuffer(samples.length * 2);
  const view = new DataView(buffer);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index] as number;
    if (typeof sample !== 'number' || !Number.isFinite(sample)) {
      throw invalid('pcm16', `sample ${index + 1} is ${typeof sample === 'number' ? String(sample) : kindOf(sample)}; samples must be finite numbers.`);
    }
    const rounded = Math.round(sample);
    if (rounded < MIN || rounded > MAX) {
      throw invalid(
        'pcm16',
        `sample ${index + 1} is ${sample}, outside the 16-bit range ${MIN} to ${MAX}. Scale float samples (-1 to 1) by 32767 first.`,
      );
    }
    view.setInt16(index * 2, rounded, true);
  }
  return buffer;
}

/** The samples of little-endian 16-bit PCM audio, for asserting on what was sent or received. */
export function samplesOf(audio: ArrayBuffer): Int16Array {
  if (!isArrayBuffer(audio)) throw invalid('samplesOf', `expected an ArrayBuffer; got ${kindOf(audio)}.`);
  if (audio.byteLength % 2 !== 0) throw invalid('samplesOf', `16-bit audio has an even number of bytes; got ${audio.byteLength}.`);
  const view = new DataView(audio);
  const samples = new Int16Array(audio.byteLength / 2);
  for (let index = 0; index < samples.length; index += 1) samples[index] = view.getInt16(index * 2, true);
  return samples;
}

/** `ms` milliseconds of digital silence as 16-bit PCM. */
export function silence(ms: number, options: AudioOptions = {}): ArrayBuffer {
  const format = formatOf('silence', options, AUDIO_OPTIONS);
  return new ArrayBuffer(samplesIn(checkMs('silence', ms), format) * 2);
}

/** `ms` milliseconds of a sine tone as 16-bit PCM: audio that is visibly not silence. */
export function tone(ms: number, options: ToneOptions = {}): ArrayBuffer {
  const format = formatOf('tone', options, TONE_OPTIONS);
  const frequency = options.frequency ?? 440;
  const amplitude = options.amplitude ?? 0.5;
  if (typeof frequency !== 'number' || !(frequency > 0) || !Number.isFinite(frequency)) {
    throw invalid('tone', `frequency must be a positive number of Hz; got ${kindOf(frequency)}.`);
  }
  if (typeof amplitude !== 'number' || !(amplitude >= 0 && amplitude <= 1)) {
    throw invalid('tone', `amplitude must be from 0 to 1; got ${kindOf(amplitude)}.`);
  }
  const count = samplesIn(checkMs('tone', ms), format);
  const samples = new Int16Array(count);
  for (let index = 0; index < count; index += 1) {
    samples[index] = Math.round(Math.sin((2 * Math.PI * frequency * index) / format.sampleRate) * amplitude * MAX);
  }
  return pcm16(samples);
}

/** Cuts 16-bit PCM audio into chunks of `ms` milliseconds each (the last may be shorter), as a microphone delivers it. */
export function chunk(audio: ArrayBuffer, ms: number, options: AudioOptions = {}): ArrayBuffer[] {
  const format = formatOf('chunk', options, AUDIO_OPTIONS);
  if (!isArrayBuffer(audio)) throw invalid('chunk', `expected an ArrayBuffer of audio; got ${kindOf(audio)}.`);
  if (typeof ms !== 'number' || !(ms > 0) || !Number.isFinite(ms)) {
    throw invalid('chunk', `the chunk length must be a positive number of milliseconds; got ${kindOf(ms)}.`);
  }
  const size = samplesIn(ms, format) * 2;
  if (size === 0) throw invalid('chunk', `${ms} ms is less than one sample at ${format.sampleRate} Hz.`);
  const chunks: ArrayBuffer[] = [];
  for (let offset = 0; offset < audio.byteLength; offset += size) chunks.push(audio.slice(offset, offset + size));
  return chunks;
}

/** One buffer holding the chunks one after another. */
export function concatAudio(chunks: readonly ArrayBuffer[]): ArrayBuffer {
  if (!Array.isArray(chunks) || !chunks.every(isArrayBuffer)) {
    throw invalid('concatAudio', `expected an array of ArrayBuffers; got ${kindOf(chunks)}.`);
  }
  const joined = new Uint8Array(chunks.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of chunks) {
    joined.set(new Uint8Array(part), offset);
    offset += part.byteLength;
  }
  return joined.buffer;
}

/** The duration in milliseconds of 16-bit PCM audio: one buffer or several. */
export function durationOf(audio: ArrayBuffer | readonly ArrayBuffer[], options: AudioOptions = {}): number {
  const format = formatOf('durationOf', options, AUDIO_OPTIONS);
  const parts: readonly unknown[] = Array.isArray(audio) ? audio : [audio];
  if (!parts.every(isArrayBuffer)) throw invalid('durationOf', `expected an ArrayBuffer or an array of them; got ${kindOf(audio)}.`);
  return msOf(
    (parts as ArrayBuffer[]).reduce((total, part) => total + part.byteLength, 0),
    format,
  );
}

/** The format `options` say (checked, with `known` the keys of the helper's options type). */
function formatOf(helper: string, options: AudioOptions, known: OptionKeys<AudioOptions> | OptionKeys<ToneOptions>): AudioFormat {
  if (typeof options !== 'object' || options === null) {
    throw invalid(helper, `options must be an object like { sampleRate: 16000 }; got ${kindOf(options)}.`);
  }
  const unknown = unknownKeyProblem(options, known);
  if (unknown !== undefined) throw invalid(helper, unknown, 'unknown_option');
  const rate = options.sampleRate ?? 24_000;
  if (typeof rate !== 'number' || !Number.isInteger(rate) || rate <= 0) {
    throw invalid(helper, `sampleRate must be a whole number of Hz, like 24000; got ${kindOf(rate)}.`);
  }
  return pcm16Format(rate);
}

function checkMs(helper: string, ms: number): number {
  if (typeof ms !== 'number' || !(ms >= 0) || !Number.isFinite(ms)) {
    throw invalid(helper, `the duration must be a number of milliseconds, 0 or more; got ${kindOf(ms)}.`);
  }
  return ms;
}

function isArrayBuffer(value: unknown): value is ArrayBuffer {
  // Not `instanceof`: Jest runs specs in a separate realm, whose buffers are other ArrayBuffers.
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

function invalid(helper: string, problem: string, reason: ScriptErrorReason = 'invalid_audio'): ScriptError {
  return new ScriptError({ reason, message: `${helper}(): ${problem}` });
}
