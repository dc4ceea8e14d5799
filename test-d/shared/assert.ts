/** Type-level assertions for the type tests: they compile, or the check fails. Nothing here runs. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type IsAny<T> = 0 extends 1 & T ? true : false;

/** Compiles only when `T` is `true`. */
export function check<T extends true>(): T | void {}

/** Compiles only when `value` has type `T`. */
export function typed<T>(_value: T): void {}
