/** How raw audio bytes map to time: samples per second and bytes per sample (mono). */
export interface AudioFormat {
  readonly sampleRate: number;
  readonly bytesPerSample: number;
}

/** The Realtime API's default: 16-bit PCM at 24 kHz, which `RealtimeSession` configures unless told otherwise. */
export const PCM16_24K: AudioFormat = Object.freeze({ sampleRate: 24_000, bytesPerSample: 2 });

/** G.711 μ-law and A-law: one byte per sample at 8 kHz. */
const G711: AudioFormat = Object.freeze({ sampleRate: 8_000, bytesPerSample: 1 });

/** 16-bit PCM at `sampleRate` Hz. */
export function pcm16Format(sampleRate: number): AudioFormat {
  return sampleRate === PCM16_24K.sampleRate ? PCM16_24K : { sampleRate, bytesPerSample: 2 };
}

/**
 * The input audio format a session config declares (`audio.input.format`, or the deprecated
 * `inputAudioFormat`), or `undefined` when it declares none.
 */
export function inputFormatOf(config: unknown): AudioFormat | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const record = config as { audio?: { input?: { format?: unknown } | null }; inputAudioFormat?: unknown };
  return formatOf(record.audio?.input?.format ?? record.inputAudioFormat);
}

function formatOf(format: unknown): AudioFormat | undefined {
  if (format === 'pcm16') return PCM16_24K;
  if (format === 'g711_ulaw' || format === 'g711_alaw') return G711;
  if (typeof format !== 'object' || format === null) return undefined;
  const { type, rate } = format as { type?: unknown; rate?: unknown };
  if (type === 'audio/pcmu' || type === 'audio/pcma') return G711;
  if (type === 'audio/pcm') return pcm16Format(typeof rate === 'number' && rate > 0 ? rate : PCM16_24K.sampleRate);
  return undefined;
}

/** The duration of `bytes` of audio in milliseconds (fractions kept: 1 byte of 24 kHz PCM is 1/48 ms). */
export function msOf(bytes: number, format: AudioFormat): number {
  return (bytes / format.bytesPerSample / format.sampleRate) * 1000;
}

/** The number of whole samples in `ms` milliseconds. */
export function samplesIn(ms: number, format: AudioFormat): number {
  return Math.round((ms * format.sampleRate) / 1000);
}

/** `200 ms`, `12.5 ms`: durations as messages show them. */
export function describeMs(ms: number): string {
  const rounded = Math.round(ms * 100) / 100;
  return `${rounded} ms`;
}

/** `16-bit PCM at 24000 Hz`, `G.711 at 8000 Hz` */
export function describeFormat(format: AudioFormat): string {
  return `${format.bytesPerSample === 2 ? '16-bit PCM' : 'G.711'} at ${format.sampleRate} Hz`;
}
