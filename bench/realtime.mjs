#!/usr/bin/env node
// A realtime() script of 1,000 steps against the SDK's raw ScriptedRealtimeTransport doing the
// same work, interleaved in one process; prints the median time ratio (kit / raw).
// Run against the built package: `npx tsup && node bench/realtime.mjs [rounds]`.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { realtime } from '../dist/index.js';

// Each run starts from a collected heap, so one side does not pay for the other's garbage.
if (typeof globalThis.gc !== 'function') {
  const rerun = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(rerun.status ?? 1);
}

const STEPS = 1000; // half expected calls, half events
const TURNS = STEPS / 2;
const ROUNDS = Number(process.argv[2] ?? 40);
const WARMUP = 5;

const message = (i) => `Message ${i}`;
const item = (i) => ({ itemId: `item_${i}`, type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: `Reply ${i}` }] });

function check(received, label) {
  if (received !== TURNS) throw new Error(`${label}: ${received} of ${TURNS} events arrived`);
}

/** All turns scripted up front: each sendMessage is matched, then its event is delivered. */
async function kitBulk() {
  const rt = realtime({ verify: false, timeoutMs: 60_000 });
  for (let i = 0; i < TURNS; i += 1) rt.expect('sendMessage', { message: message(i) }).emit('item_update', item(i));
  let received = 0;
  rt.on('item_update', () => (received += 1));
  await rt.connect({ apiKey: 'test' });
  for (let i = 0; i < TURNS; i += 1) rt.sendMessage(message(i), {});
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

/** The same with the SDK's transport: the session side sends every message, the scenario answers. */
async function rawBulk() {
  const transport = new ScriptedRealtimeTransport();
  let received = 0;
  transport.on('item_update', () => (received += 1));
  await transport.runScenario({
    scenario,
    exercise: async () => {
      await transport.connect({ apiKey: 'test' });
      for (let i = 0; i < TURNS; i += 1) transport.sendMessage(message(i), {});
      await new Promise((resolve) => setImmediate(resolve));
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

/** Turn by turn with the SDK's transport: a hand-made gate per turn, as its guide does. */
async function rawTurns() {
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
      }
      transport.close();
    },
  });
  check(received, 'ScriptedRealtimeTransport turns');
}

async function time(fn) {
  globalThis.gc();
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function compare(name, kit, raw) {
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
    `${name}: realtime() ${median(kitTimes).toFixed(2)} ms, ScriptedRealtimeTransport ${median(rawTimes).toFixed(2)} ms, ` +
      `median ratio ${median(ratios).toFixed(2)} (${ROUNDS} interleaved rounds after ${WARMUP} warm-up)`,
  );
}

console.log(`Node ${process.version}, ${STEPS} steps (${TURNS} expected calls + ${TURNS} events) per run`);
await compare('all turns scripted up front', kitBulk, rawBulk);
await compare('turn by turn (settled() per turn vs a gate per turn)', kitTurns, rawTurns);
