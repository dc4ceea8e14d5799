import { withoutColour } from '../format/colour';
import { redactText } from '../format/secrets';
import { currentRunner } from '../runner/coupling';
import type { Matcher, MatcherResult, MatcherState } from './context';
import { withRunnerUtils } from './matcherUtils';
import { tooManyArguments } from './messages';
import { toBeComplete } from './toBeComplete';
import { toHaveCalledTool } from './toHaveCalledTool';
import { toHaveDeletedFile } from './toHaveDeletedFile';
import { toHaveExecuted } from './toHaveExecuted';
import { toHaveWrittenFile } from './toHaveWrittenFile';
import { toHaveCalledToolTimes } from './toHaveCalledToolTimes';
import { toHaveHandedOffTo } from './toHaveHandedOffTo';
import { toHaveNthCalledTool } from './toHaveNthCalledTool';
import { toHaveRequestedApproval } from './toHaveRequestedApproval';
import { toHaveSentAudio } from './toHaveSentAudio';
import { toHaveSentRealtime } from './toHaveSentRealtime';
import { toHaveToolOutput } from './toHaveToolOutput';
import { toHaveTrippedGuardrail } from './toHaveTrippedGuardrail';
import { toHavePassedGuardrail } from './toHavePassedGuardrail';
import { toHaveStreamedEvents } from './toHaveStreamedEvents';
import { toHaveLifecycle } from './toHaveLifecycle';
import { toHaveRunRealtimeTool } from './toHaveRunRealtimeTool';
import { toHaveCalledMcpTool } from './toHaveCalledMcpTool';
import { toHaveMcpToolOutput } from './toHaveMcpToolOutput';
import { toHaveRespectedApprovals } from './toHaveRespectedApprovals';
import { toHaveSpan } from './toHaveSpan';
import { toHaveSpans } from './toHaveSpans';

/** Every matcher of the kit, for `expect.extend(matchers)` in any Jest-compatible runner. */
export const matchers = withUtils({
  toHaveCalledTool,
  toHaveCalledToolTimes,
  toHaveNthCalledTool,
  toHaveHandedOffTo,
  toHaveRequestedApproval,
  toHaveToolOutput,
  toHaveTrippedGuardrail,
  toHavePassedGuardrail,
  toHaveStreamedEvents,
  toHaveLifecycle,
  toBeComplete,
  toHaveExecuted,
  toHaveWrittenFile,
  toHaveDeletedFile,
  toHaveSentRealtime,
  toHaveSentAudio,
  toHaveRunRealtimeTool,
  toHaveCalledMcpTool,
  toHaveMcpToolOutput,
  toHaveRespectedApprovals,
  toHaveSpan,
  toHaveSpans,
});

export type { MatcherState, MatcherResult } from './context';

/**
 * Each matcher, run with the calling runner's `this.utils` current — for the call and for its
 * message, which the runner asks for later — so failures are worded with the runner's own helpers.
 * A call with more arguments than the matcher declares (after `received`) is a matcher error.
 */
function withUtils<M extends Record<string, Matcher<never[]>>>(record: M): M {
  const wrapped: Record<string, Matcher<never[]>> = {};
  for (const [name, matcher] of Object.entries(record)) {
    const takes = matcher.length - 1;
    wrapped[name] = {
      [name](this: MatcherState, received: unknown, ...args: never[]): MatcherResult {
        const utils = this.utils;
        const result = withRunnerUtils(utils, () => {
          if (args.length > takes) throw tooManyArguments(this, name, takes, args);
          return matcher.call(this, received, ...args);
        });
        // Every matcher's message goes through the kit's one redaction: no secret a run carried is printed.
        // Under Vitest, plain like Vitest's own matchers' text (format/colour.ts says why).
        return {
          pass: result.pass,
          message: () => {
            const text = redactText(withRunnerUtils(utils, () => result.message()));
            return currentRunner() === 'vitest' ? withoutColour(text) : text;
          },
        };
      },
    }[name] as Matcher<never[]>;
  }
  return wrapped as M;
}
