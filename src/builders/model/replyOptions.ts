import { brief } from '../../format/brief';
import { checkStepOptionKeys, type OptionKeys } from '../core/options';
import { kindOf, misuse, type StepContext } from '../core/stepContext';

/** How a reply streams: `{ deltas: ['Hel', 'lo'] }`. */
export interface ModelReplyOptions {
  /** The pieces a streamed run receives the text in; joined, they must give the whole text. */
  deltas?: readonly string[];
}

const REPLY_OPTIONS = { deltas: true } satisfies OptionKeys<ModelReplyOptions>;

/** The pieces a reply streams in, checked: they must join to the text. */
export function deltasOf(options: ModelReplyOptions | undefined, text: string, context: StepContext): readonly string[] | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) throw misuse(context, 'invalid_option', `the options are an object like { deltas: ['Hel', 'lo'] }; got ${kindOf(options)}.`);
  checkStepOptionKeys(options, REPLY_OPTIONS, context);
  const { deltas } = options;
  if (deltas === undefined) return undefined;
  if (!Array.isArray(deltas) || deltas.length === 0 || !deltas.every((delta) => typeof delta === 'string')) {
    throw misuse(context, 'invalid_option', `deltas is a non-empty array of strings; got ${kindOf(deltas)}.`);
  }
  if (deltas.join('') !== text) throw misuse(context, 'invalid_option', `the deltas join to ${brief(deltas.join(''), 60)}, not to the reply ${brief(text, 60)}.`);
  return Object.freeze([...deltas]);
}
