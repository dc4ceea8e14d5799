/**
 * A process that records a cassette, for test/cassette-durability.test.ts: two of them record one
 * file at once, or one is killed in the middle of writing it. Bundled with the kit's source by
 * cassetteRuns.ts; told what to do by the RECORDER environment variable (JSON), and says what it
 * did on stdout, one line per event: `started`, `recorded`, `mid-write`, `committed`, `error: …`.
 */
import fs from 'node:fs';
import { basename } from 'node:path';
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { z } from 'zod';
import { cassette } from '../../src/builders/cassette/cassette';
import { model } from '../../src/builders/model/model';

interface Orders {
  path: string;
  conversation: string;
  name: string;
  /** Tool calls before the final reply. */
  calls: number;
  /** Commit after every tool call, to make two processes' commits interleave. */
  commitEach?: boolean;
  /** Wait for this file to exist before committing at the end. */
  holdUntil?: string;
  /** Stop half-way through writing the cassette file itself, and wait to be killed. */
  blockMidCommit?: boolean;
}

const orders = JSON.parse(process.env.RECORDER ?? '{}') as Orders;
const say = (line: string): void => void fs.writeSync(1, `${line}\n`);
const sleeper = new Int32Array(new SharedArrayBuffer(4));

if (orders.blockMidCommit) {
  // The kit writes a cassette to `.<name>.tmp-<pid>-<n>` beside it, then renames it into place.
  const temporary = `.${basename(orders.path)}.tmp-`;
  const watched = new Set<number>();
  const { openSync, writeSync } = fs;
  fs.openSync = ((path: fs.PathLike, ...rest: unknown[]) => {
    const fd = (openSync as (...args: unknown[]) => number)(path, ...rest);
    if (basename(String(path)).startsWith(temporary)) watched.add(fd);
    return fd;
  }) as typeof fs.openSync;
  fs.writeSync = ((fd: number, buffer: Uint8Array, ...rest: unknown[]) => {
    if (!watched.has(fd) || !(buffer instanceof Uint8Array)) return (writeSync as (...args: unknown[]) => number)(fd, buffer, ...rest);
    const half = Math.floor(buffer.length / 2);
    writeSync(fd, buffer, 0, half);
    fs.fsyncSync(fd);
    say('mid-write');
    Atomics.wait(sleeper, 0, 0, 60_000);
    throw new Error('recorderChild: not killed within 60 s');
  }) as typeof fs.writeSync;
}

async function main(): Promise<void> {
  setTracingDisabled(true);
  const getWeather = tool({
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      if (orders.commitEach) recorder.commit();
      return `Sunny in ${city}.`;
    },
  });
  const real = model({ verify: false });
  for (let index = 0; index < orders.calls; index += 1) real.calls(getWeather, { city: `City ${index + 1}` });
  real.replies(`Done: ${orders.conversation}.`);
  const recorder = cassette(orders.path, { mode: 'record', model: real, conversation: orders.conversation, name: orders.name, verify: false });

  say('started');
  try {
    await run(new Agent({ name: 'Weather', instructions: 'Help.', model: recorder, tools: [getWeather] }), 'Go');
  } catch (error) {
    say(`error: ${(error as Error).message.split('\n')[0]}`);
    say(`real calls: ${real.requests.length}`);
    process.exitCode = 3;
    return;
  }
  say('recorded');
  if (orders.holdUntil) {
    const deadline = Date.now() + 30_000;
    while (!fs.existsSync(orders.holdUntil)) {
      if (Date.now() > deadline) throw new Error(`recorderChild: ${orders.holdUntil} did not appear within 30 s`);
      Atomics.wait(sleeper, 0, 0, 20);
    }
  }
  recorder.commit();
  say('committed');
}

main().catch((error: unknown) => {
  say(`error: ${(error as Error).message}`);
  process.exitCode = 2;
});
