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
import { toHaveCalledMcpTool } from './toHaveCalledMcpTool';
import { toHaveMcpToolOutput } from './toHaveMcpToolOutput';
import { toHaveRespectedApprovals } from './toHaveRespectedApprovals';

/** Every matcher of the kit, for `expect.extend(matchers)` in any Jest-compatible runner. */
export const matchers = {
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
  toHaveCalledMcpTool,
  toHaveMcpToolOutput,
  toHaveRespectedApprovals,
};

export type { MatcherState, MatcherResult } from './context';
