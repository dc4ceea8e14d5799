import type { ModelRequest } from '@openai/agents';
import type { MismatchSpec } from '../../errors/MismatchError';
import { describeLastInput } from '../../format/modelInput';

/** A model call in script terms: the request and the newest input the agent saw, which tells where the workflow stood. */
export function describeModelCall(request: ModelRequest, streamed: boolean): string {
  return `a ${streamed ? 'streamed ' : ''}request whose newest input is ${describeLastInput(request)}`;
}

/**
 * The mismatch of a model call that came after everything planned was used (by a script or a
 * cassette): `why` says what ran out, `fix` what to do about it.
 */
export function unexpectedModelCall(options: {
  request: ModelRequest;
  callIndex: number;
  streamed: boolean;
  why: string;
  fix: string;
}): Omit<MismatchSpec, 'double'> {
  const { request, callIndex, streamed, why, fix } = options;
  return { kind: 'unexpected_call', callIndex, actual: describeModelCall(request, streamed), expected: 'no more calls', why, fix };
}

/** A call of a script whose turns are all used (`total` of them). */
export function noTurnLeft(request: ModelRequest, callIndex: number, streamed: boolean, total: number): Omit<MismatchSpec, 'double'> {
  return unexpectedModelCall({
    request,
    callIndex,
    streamed,
    why: `The script has no turns left (${total === 0 ? 'it has none' : `all ${total} used`})`,
    fix: 'Script another turn (e.g. .thenReplies("…")) if the workflow should go on',
  });
}
