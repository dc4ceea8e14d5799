import { after } from './realTimers';

/**
 * `work`, or a rejection with what `onTimeout()` returns once `ms` have passed: a responder the
 * test wrote must not hang a test until the runner's own timeout, which would name nothing.
 */
export function bounded<T>(work: PromiseLike<T>, ms: number, onTimeout: () => unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = after(ms, () => reject(onTimeout()));
    work.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });
}

/** How long a responder may take unless its double says otherwise. */
export const DEFAULT_RESPONDER_TIMEOUT_MS = 2000;
