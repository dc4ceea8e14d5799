#!/usr/bin/env node
// A realtime() script of 1,000 steps against the SDK's raw ScriptedRealtimeTransport doing the
// same work, interleaved in one process; prints the median time ratio (kit / raw). In both, the app
// sends each message once the reply to the previous one has arrived: realtime() refuses a message
// sent before the events scripted ahead of it were delivered.
// Run against the built package: `npm run build && node bench/realtime.mjs [rounds] [--forced-gc] [--floor]`;
// `--floor` also times the raw transport waiting one event-loop turn per reply, as realtime() does.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { realtime } from '../dist/index.js';
import { median, quantile, verdict } from './stats.mjs';

// No collection is forced between timings: each side collects its own garbage, as in a test run,
// and a timing covers four runs in a row so that a collection pause lands on several. A forced
// gc() before each timing (`--forced-gc`, the method used before) charged the kit 2-4 times its
// run on the first run after it, the SDK's side far less; see bench/README.md.
if (process.argv.includes('--forced-gc') && typeof globalThis.gc !== 'function') {
  const rerun = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(rerun.status ?? 1);
}

const STEPS = 1000; // half expected calls, half events
const TURNS = STEPS / 2;
const ROUNDS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 40);
const WARMUP = 5;

const message = (i) => `Message ${i}`;
const item = (i) => ({ itemId: `item_${i}`, type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: `Reply ${i}` }] });

function check(received, label) {
  if (received !== TURNS) throw new Error(`${label}: ${received} of ${TURNS} events arrived`);
}

/**
 * All turns scripted up front. The app answers each reply with the next message, as a real one
 * must: a message sent before the reply it answers was delivered is a mismatch.
 */
async function kitBulk() {
  const rt = realtime({ verify: false, timeoutMs: 60_000 });
  for (let i = 0; i < TURNS; i += 1) rt.expect('sendMessage', { message: message(i) }).emit('item_update', item(i));
  let received = 0;
  rt.on('item_update', () => {
    received += 1;
    if (received < TURNS) rt.sendMessage(message(received), {});
  });
  await rt.connect({ apiKey: 'test' });
  rt.sendMessage(message(0), {});
  await rt.settled();
  rt.close();
  rt.assertComplete();
  check(received, 'realtime()');
}

/** The SDK's side: a scenario that expects each call and emits its event, then the close. */
async function scenario({ expectCall, emit }) {
  await expectCall('connect');
  for (let i = 0; i < TURNS; i += 1) {
    await expectCall('sendMessage', (call) => call.message === message(i));
    emit('item_update', item(i));
  }
  await expectCall('close');
}

/** The same with the SDK's transport: the app answers each reply with the next message, the scenario replies. */
async function rawBulk() {
  const transport = new ScriptedRealtimeTransport();
  let received = 0;
  let finish = () => {};
  const finished = new Promise((resolve) => (finish = resolve));
  transport.on('item_update', () => {
    received += 1;
    if (received < TURNS) transport.sendMessage(message(received), {});
    else finish();
  });
  await transport.runScenario({
    scenario,
    exercise: async () => {
      await transport.connect({ apiKey: 'test' });
      transport.sendMessage(message(0), {});
      await finished;
      transport.close();
    },
  });
  transport.assertComplete();
  check(received, 'ScriptedRealtimeTransport');
}

/** Turn by turn: send, wait for the reply, extend the script, send the next. */
async function kitTurns() {
  const rt = realtime({ verify: false, timeoutMs: 60_000 });
  let received = 0;
  rt.on('item_update', () => (received += 1));
  await rt.connect({ apiKey: 'test' });
  for (let i = 0; i < TURNS; i += 1) {
    rt.expect('sendMessage', { message: message(i) }).emit('item_update', item(i));
    rt.sendMessage(message(i), {});
    await rt.settled();
  }
  rt.close();
  check(received, 'realtime() turns');
}

/**
 * Turn by turn with the SDK's transport: a hand-made gate per turn, as its guide does. With
 * `macrotaskPerReply`, the raw transport also waits one macrotask after each reply, as realtime()
 * must (a step's events wait until the session's promise chains have run, and only an event-loop
 * turn tells that they have): the price of that turn. When realtime() turn by turn costs less than
 * this, what separates it from the raw transport is that turn, not its own bookkeeping.
 */
async function rawTurns({ macrotaskPerReply = false } = {}) {
  const transport = new ScriptedRealtimeTransport();
  let received = 0;
  let release = () => {};
  transport.on('item_update', () => {
    received += 1;
    release();
  });
  await transport.runScenario({
    scenario,
    exercise: async () => {
      await transport.connect({ apiKey: 'test' });
      for (let i = 0; i < TURNS; i += 1) {
        const delivered = new Promise((resolve) => (release = resolve));
        transport.sendMessage(message(i), {});
        await delivered;
        if (macrotaskPerReply) await new Promise((resolve) => setImmediate(resolve));
      }
      transport.close();
    },
  });
  check(received, 'ScriptedRealtimeTransport turns');
}

/** Each timing covers a few runs of one side in a row, so a collection pause lands on more than one run. */
const RUNS_PER_TIMING = 4;

async function time(fn) {
  globalThis.gc?.();
  const start = performance.now();
  for (let run = 0; run < RUNS_PER_TIMING; run += 1) await fn();
  return (performance.now() - start) / RUNS_PER_TIMING;
}


async function compare(name, kit, raw, sides = ['realtime()', 'ScriptedRealtimeTransport']) {
  const ratios = [];
  const kitTimes = [];
  const rawTimes = [];
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    // Alternate which side goes first, so neither always runs on a warmer heap.
    const [first, second] = round % 2 === 0 ? [kit, raw] : [raw, kit];
    const a = await time(first);
    const b = await time(second);
    const [k, r] = round % 2 === 0 ? [a, b] : [b, a];
    if (round < WARMUP) continue;
    kitTimes.push(k);
    rawTimes.push(r);
    ratios.push(k / r);
  }
  console.log(
    `${name}: ${sides[0]} ${median(kitTimes).toFixed(2)} ms, ${sides[1]} ${median(rawTimes).toFixed(2)} ms, ` +
      `median ratio ${median(ratios).toFixed(2)} (p25–p75 ${quantile(ratios, 0.25).toFixed(2)}–${quantile(ratios, 0.75).toFixed(2)}), ` +
      `ratio of the medians ${(median(kitTimes) / median(rawTimes)).toFixed(2)} (${ROUNDS} interleaved rounds after ${WARMUP} warm-up)`,
  );
  return median(ratios);
}


console.log(`Node ${process.version}, ${STEPS} steps (${TURNS} expected calls + ${TURNS} events) per run`);
const upFront = await compare('all turns scripted up front', kitBulk, rawBulk);
const turnByTurn = await compare('turn by turn (settled() per turn vs a gate per turn)', kitTurns, rawTurns);
// What the after-each verification asks of a passing script (verify is off above): its report,
// which describes no call unless a message reads them.
{
  const rt = realtime({ verify: false, timeoutMs: 60_000 });
  for (let i = 0; i < TURNS; i += 1) rt.expect('sendMessage', { message: message(i) }).emit('item_update', item(i));
  rt.on('item_update', (update) => {
    const next = Number(update.itemId.slice('item_'.length)) + 1;
    if (next < TURNS) rt.sendMessage(message(next), {});
  });
  await rt.connect({ apiKey: 'test' });
  rt.sendMessage(message(0), {});
  await rt.settled();
  const ledger = rt[Symbol.for('agents-testkit.ledger')];
  const start = performance.now();
  const report = ledger.report();
  const took = performance.now() - start;
  if (report.pending.length > 0 || report.mismatches.length > 0) throw new Error('the verification script did not pass');
  console.log(`report of a passing ${STEPS}-step script, as the after-each verification reads it: ${took.toFixed(2)} ms`);
}
if (process.argv.includes('--floor')) {
  await compare('reference, the raw transport plus one event-loop turn per reply', () => rawTurns({ macrotaskPerReply: true }), rawTurns, ['raw + macrotask', 'raw']);
}
verdict('realtime() over ScriptedRealtimeTransport up front, median of the per-round ratios', upFront.toFixed(2), '<= 1.10', upFront <= 1.1);
verdict('realtime() over ScriptedRealtimeTransport turn by turn, median of the per-round ratios', turnByTurn.toFixed(2), '<= 1.25', turnByTurn <= 1.25);
