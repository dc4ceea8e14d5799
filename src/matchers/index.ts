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
import { toHaveRunRealtimeTool } from './toHaveRunRealtimeTool';

/** Every matcher of the kit, for `expect.extend(matchers)` in any Jest-compatible runner. */
export const matchers = {
  toHaveCalledTool,
  toHaveCalledToolTimes,
  toHaveNthCalledTool,
  toHaveHandedOffTo,
  toHaveRequestedApproval,
  toBeComplete,
  toHaveExecuted,
  toHaveWrittenFile,
  toHaveDeletedFile,
  toHaveSentRealtime,
  toHaveSentAudio,
  toHaveRunRealtimeTool,
};

export type { MatcherState, MatcherResult } from './context';
