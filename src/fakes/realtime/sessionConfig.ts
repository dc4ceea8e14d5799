import { inputFormatOf, PCM16_24K, type AudioFormat } from '../../format/audioFormat';

/**
 * What the script reads off the configs the session sends (`connect`'s initial config and every
 * `updateSessionConfig`): the input audio format, which durations are counted in, and the
 * function names the agent offers, which scripted tool calls are checked against.
 */
export class SessionConfigView {
  #format: AudioFormat = PCM16_24K;
  #offered: readonly string[] | undefined;

  /** 16-bit PCM at 24 kHz until a config says otherwise. */
  get format(): AudioFormat {
    return this.#format;
  }

  /** Function names the agent offers; `undefined` before any config named its tools. */
  get offered(): readonly string[] | undefined {
    return this.#offered;
  }

  read(config: unknown): void {
    if (typeof config !== 'object' || config === null) return;
    this.#format = inputFormatOf(config) ?? this.#format;
    if (!('tools' in config)) return;
    const tools = (config as { tools?: unknown }).tools;
    this.#offered = Array.isArray(tools)
      ? tools.flatMap((tool: { type?: unknown; name?: unknown }) => (tool?.type === 'function' && typeof tool.name === 'string' ? [tool.name] : []))
      : [];
  }
}
