/** Where the SDK's packages live, in any installation layout (npm, pnpm, Yarn PnP). */
const SDK_PATH = /[\\/]@openai[\\/]agents(?:-[a-z]+)?[\\/]/;

/**
 * Whether the code that is reading a property is the OpenAI Agents SDK. The SDK decides what a
 * sandbox session supports by reading its method names, and the `sandbox()` script's verbs share
 * those names; knowing who reads lets the script show the SDK only the methods it scripted while
 * its verbs stay available to the test. `accessor` is the getter being run: its frame and the
 * kit's frames above it are skipped, so the frame left is the reader's.
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
