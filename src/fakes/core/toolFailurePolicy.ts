import { currentConfig } from '../../config';
import { mismatchSentence, type MismatchSpec } from '../../errors/MismatchError';
import { redactText } from '../../format/secrets';

/**
 * What a tool failure the script did not plan comes to, as `configure({ onToolFailure })` says: the
 * mismatch to record (`'error'`, the default), or a warning naming the double `label` (`'warn'`), or
 * nothing (`'ignore'`). Every double whose calls a tool's failure can hide behind uses it.
 */
export function unplannedToolFailure<Spec extends Omit<MismatchSpec, 'double'>>(spec: Spec, label: string): Spec | undefined {
  const policy = currentConfig().onToolFailure;
  if (policy === 'error') return spec;
  if (policy === 'warn') console.warn(redactText(`agents-testkit: ${mismatchSentence({ ...spec, double: label })}`));
  return undefined;
}
