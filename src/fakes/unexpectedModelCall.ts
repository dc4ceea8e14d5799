import type { ModelRequest } from '@openai/agents';
import { MismatchError } from '../errors/MismatchError';
import { describeLastInput } from '../format/modelInput';

/**
 * The mismatch of a model call that came after everything planned was used: `why` says what ran
 * out, `advice` what to do about it; the newest input tells the reader where the workflow stood.
 */
export function unexpectedModelCall(options: {
  label: string;
  request: ModelRequest;
  callIndex: number;
  streamed: boolean;
  why: string;
  advice: string;
}): MismatchError {
  const { label, request, callIndex, streamed, why, advice } = options;
  const call = `${streamed ? 'streamed ' : ''}model call #${callIndex + 1}`;
  return new MismatchError({
    kind: 'unexpected_call',
    double: label,
    callIndex,
    actual: call,
    message: `${label} received ${call}, but ${why}. The agent's newest input was ${describeLastInput(request)}. ${advice}`,
  });
}
