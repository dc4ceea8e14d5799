/**
 * What the SDK's trace provider leaves on the process. Part of the SDK coupling (see index.ts).
 */

/**
 * The `unhandledRejection` listeners of the SDK's trace provider on `target`. The provider adds one
 * when it is made (turning tracing off makes it), to flush traces and exit when no one else
 * listens. Vitest takes any listener besides its own as the app handling rejections itself, and
 * then fails no test on an unhandled rejection. Found by what the listener logs (tracing/provider.ts).
 */
export function sdkRejectionListeners(target: NodeJS.Process): ((...args: unknown[]) => unknown)[] {
  return target.listeners('unhandledRejection').filter((listener) => SDK_REJECTION_LISTENER.test(Function.prototype.toString.call(listener))) as ((...args: unknown[]) => unknown)[];
}

// `process.on('unhandledRejection', async (reason, promise) => { logModelAndToolActionError(logger, 'Unhandled rejection', …); await cleanup(); … })`.
const SDK_REJECTION_LISTENER = /['"]Unhandled rejection['"][\s\S]*cleanup\(\)/;
