/**
 * Who is reading: the SDK or the app, told apart by the stack. Part of the SDK coupling (see index.ts).
 */

/** Where the SDK's packages live, in any installation layout (npm, pnpm, Yarn PnP). */
export const SDK_PATH = /[\\/]@openai[\\/]agents(?:-[a-z]+)?[\\/]/;

/**
 * Whether the code that is reading a property is the SDK, read off the stack. The SDK decides
 * what a sandbox session supports by looking its method names up; see `src/sdk/sharedVerbs.ts`.
 * `accessor` is the getter being run: its frame and the kit's frames above it are skipped, so
 * the frame left is the reader's.
 */
export function readBySdk(accessor: (...args: never[]) => unknown): boolean {
  if (typeof Error.captureStackTrace !== 'function') return false;
  const holder: { stack?: unknown } = {};
  const limit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 1;
    Error.captureStackTrace(holder, accessor);
    return SDK_PATH.test(String(holder.stack ?? ''));
  } finally {
    Error.stackTraceLimit = limit;
  }
}
