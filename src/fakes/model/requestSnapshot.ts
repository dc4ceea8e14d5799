import type { ModelRequest } from '@openai/agents';
import { INTERNAL_REQUEST_FIELD, type PublicRequest } from '../../sdk/coupling';

/**
 * A model request as it was when the call came, for `requests`: what the SDK's `ScriptedModel`
 * records of a call (arrays and plain objects copied, shared references and cycles kept, buffers
 * copied, class instances such as the abort signal kept as they are), without `_internal` (the
 * runner's own bookkeeping). One copy per call: `ScriptedModel` copies each request twice (its
 * record, and the record it hands a responder) with a property definition per key, which was
 * the largest part of a scripted turn's own cost (bench/README.md, issue 27). The copy is made when
 * the call comes because the SDK and the app may change the same items later.
 * `test/model-requests.test.ts` holds it equal to `ScriptedModel`'s record.
 */
export function snapshotRequest(request: Readonly<ModelRequest>): PublicRequest {
  const seen = new Map<object, unknown>();
  const copy = Object.create(Object.getPrototypeOf(request)) as Record<PropertyKey, unknown>;
  seen.set(request, copy);
  copyProperties(request, copy, seen, INTERNAL_REQUEST_FIELD);
  return Object.freeze(copy) as unknown as PublicRequest;
}

/** A script's requests in call order, each copied when its call came; every read gets copies of its own. */
export class RequestLog {
  readonly #requests: PublicRequest[] = [];

  add(request: Readonly<ModelRequest>): void {
    this.#requests.push(snapshotRequest(request));
  }

  all(): readonly PublicRequest[] {
    return Object.freeze(this.#requests.map((request) => snapshotRequest(request as ModelRequest)));
  }

  /** The request at `index` (negative from the end, as `Array.prototype.at`). */
  at(index: number): PublicRequest | undefined {
    const request = this.#requests.at(index);
    return request && snapshotRequest(request as ModelRequest);
  }
}

function snapshot(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const existing = seen.get(value);
  if (existing !== undefined) return existing;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    seen.set(value, copy);
    for (let index = 0; index < value.length; index += 1) copy[index] = snapshot(value[index], seen);
    return copy;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype === Object.prototype || prototype === null || isPlainPrototype(prototype)) {
    const copy = Object.create(prototype) as Record<PropertyKey, unknown>;
    seen.set(value, copy);
    copyProperties(value, copy, seen);
    return copy;
  }
  return copyOfBinary(value, seen) ?? value;
}

/** Own enumerable properties, symbols included, copied deeply; `skip` names one to leave out. */
function copyProperties(from: object, to: Record<PropertyKey, unknown>, seen: Map<object, unknown>, skip?: string): void {
  const source = from as Record<PropertyKey, unknown>;
  const keys = Object.keys(source);
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    if (key === skip) continue;
    // An assignment to "__proto__" would set the copy's prototype instead of a property.
    if (key === '__proto__') define(to, key, snapshot(source[key], seen));
    else to[key] = snapshot(source[key], seen);
  }
  const symbols = Object.getOwnPropertySymbols(source);
  for (let index = 0; index < symbols.length; index += 1) {
    const symbol = symbols[index] as symbol;
    if (Object.prototype.propertyIsEnumerable.call(source, symbol)) define(to, symbol, snapshot(source[symbol], seen));
  }
}

function define(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { configurable: true, enumerable: true, writable: true, value });
}

const objectSource = Function.prototype.toString.call(Object);

/** `Object.prototype` of another realm (a Jest test file's context): its constructor is that realm's `Object`. */
function isPlainPrototype(prototype: object): boolean {
  if (!Object.prototype.hasOwnProperty.call(prototype, 'constructor')) return false;
  const constructor = (prototype as { constructor?: unknown }).constructor;
  return typeof constructor === 'function' && Function.prototype.toString.call(constructor) === objectSource;
}

/** Buffers and views over them are copied (audio in a request); `undefined` for anything else. */
function copyOfBinary(value: object, seen: Map<object, unknown>): unknown {
  const tag = Object.prototype.toString.call(value);
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') {
    const copy = (value as ArrayBuffer).slice(0);
    seen.set(value, copy);
    return copy;
  }
  if (!ArrayBuffer.isView(value)) return undefined;
  const buffer = snapshot(value.buffer, seen) as ArrayBuffer;
  const copy =
    tag === '[object DataView]'
      ? new DataView(buffer, value.byteOffset, value.byteLength)
      : new (value.constructor as new (buffer: ArrayBuffer, offset: number, length: number) => ArrayBufferView)(buffer, value.byteOffset, (value as unknown as { length: number }).length);
  seen.set(value, copy);
  return copy;
}
