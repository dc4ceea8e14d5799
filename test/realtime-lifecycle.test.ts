import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { IncompleteScriptError, MismatchError, realtime, ScriptError, SettleTimeoutError } from 'agents-testkit';
import { ledgerOf } from '../src/fakes/core/ledger';
import { verify } from '../src/setup/install';
import { createKit } from '../src/setup/kit';
import { expect, failureOf, rejectionOf, stripAnsi, test, thrownBy, useFakeTimers } from './support';

const agent = () => new RealtimeAgent({ name: 'Assistant', instructions: 'Help.' });

test('connect and close are recorded and accepted without a step', async () => {
  const rt = realtime();
  const session = new RealtimeSession(agent(), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.close();
  await rt.settled();

  expect(rt.calls.map((call) => call.method)).toEqual(['connect', 'close']);
  expect(rt.status).toBe('disconnected');
  expect(failureOf(() => expect(rt).not.toBeComplete())).toMatchSnapshot();
});

test('an explicit connect step checks the connection options; the API key is never recorded', async () => {
  const rt = realtime().expect('connect', { options: { apiKeyProvided: true, initialSessionConfig: { instructions: 'Help.' } } });
  const session = new RealtimeSession(agent(), { transport: rt });
  await session.connect({ apiKey: 'sk-secret' });
  await rt.settled();

  expect(JSON.stringify(rt.calls)).not.toContain('sk-secret');
});

test('a connect step whose options differ fails', async () => {
  const rt = realtime({ verify: false }).expect('connect', { options: { model: 'gpt-realtime' } });
  const session = new RealtimeSession(agent(), { transport: rt, model: 'gpt-4o-realtime-preview' });
  await session.connect({ apiKey: 'test' });

  const error = await rejectionOf(rt.settled());

  expect(error).toMatchObject({ kind: 'wrong_arguments', callIndex: 0, stepIndex: 0 });
  expect(error.message).toMatchSnapshot();
});

test('a step that never comes fails within timeoutMs, naming it', async () => {
  const rt = realtime({ verify: false, timeoutMs: 80 }).expect('sendMessage', { message: 'Hi' }).emitTextReply('Hello!');
  const session = new RealtimeSession(agent(), { transport: rt });
  await session.connect({ apiKey: 'test' });
  const started = Date.now();

  const error = await rejectionOf(rt.settled());

  expect(Date.now() - started).toBeLessThan(1000);
  expect(error).toBeInstanceOf(SettleTimeoutError);
  expect(error).toBeInstanceOf(IncompleteScriptError);
  expect(error).toMatchObject({
    double: 'realtime()',
    timeoutMs: 80,
    waitingFor: 'a sendMessage call (step 1)',
    pending: ['1. expect(\'sendMessage\', {"message":"Hi"})', '2. emitTextReply("Hello!")'],
  });
  expect(error.message).toMatchSnapshot();
});

test('settled() takes its own timeout', async () => {
  const rt = realtime({ verify: false }).expect('interrupt');
  const error = await rejectionOf(rt.settled({ timeoutMs: 20 }));
  expect(error).toMatchObject({ timeoutMs: 20 });
});

test('events wait for the connection, and a timeout says so', async () => {
  const rt = realtime({ verify: false, timeoutMs: 20 }).emitTextReply('Hello!');
  const error = await rejectionOf(rt.settled());
  expect((error as SettleTimeoutError).waitingFor).toBe(
    'the session to connect, to deliver step 1, emitTextReply("Hello!"): events reach the session only once session.connect() has resolved (the transport is disconnected)',
  );
});

test('a mismatch rejects settled() at once, with the structured error', async () => {
  const rt = realtime({ verify: false, timeoutMs: 5000 }).expect('sendMessage', { message: 'Hi' });
  const started = Date.now();
  const waiting = rejectionOf(rt.settled());
  rt.sendAudio(new ArrayBuffer(48), {});

  const error = await waiting;

  expect(Date.now() - started).toBeLessThan(1000);
  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({
    kind: 'wrong_method',
    double: 'realtime()',
    callIndex: 0,
    stepIndex: 0,
    expected: 'a sendMessage call, expect(\'sendMessage\', {"message":"Hi"})',
    actual: 'sendAudio(1 ms)',
  });
  expect(error.message).toMatchSnapshot();
});

test('a call after the script ran out fails; with strict: false it is recorded and passes', async () => {
  const strict = realtime({ verify: false }).expect('sendMessage');
  strict.sendMessage('one', {});
  strict.sendMessage('two', {});
  const ranOut = await rejectionOf(strict.settled());
  expect(ranOut).toMatchObject({ kind: 'unexpected_call', callIndex: 1, stepIndex: undefined, expected: 'no more calls' });
  expect(stripAnsi(ranOut.message)).toMatchSnapshot();

  const lenient = realtime({ strict: false }).expect('sendMessage', { message: 'two' });
  lenient.mute(true);
  lenient.sendMessage('one', {});
  lenient.sendMessage('two', {});
  lenient.interrupt();
  await lenient.settled();
  expect(failureOf(() => expect(lenient).not.toBeComplete())).toMatchSnapshot();
});

test('a predicate step rejects a call by returning false or throwing', async () => {
  const returnsFalse = realtime({ verify: false }).expect('mute', function isMuting(call) {
    return call.muted;
  });
  returnsFalse.mute(false);
  expect((await rejectionOf(returnsFalse.settled())).message).toContain('The predicate returned false');

  const throws = realtime({ verify: false }).expect('mute', () => {
    throw new Error('not now');
  });
  throws.mute(true);
  expect((await rejectionOf(throws.settled())).message).toContain('The predicate threw Error: not now');
});

test('close on a closed transport is recorded, as the session may do it', async () => {
  const rt = realtime();
  rt.close();
  expect(rt.calls).toEqual([{ index: 0, method: 'close' }]);
  await rt.settled();
});

test('a script with nothing in it is settled at once', async () => {
  const rt = realtime();
  await rt.settled();
  expect(rt.remainingSteps).toBe(0);
  expect(rt).toBeComplete();
});

test('a loop of settled() calls waiting for a timer lets the event loop turn', async () => {
  // A settled script resolves its waits at once, without a macrotask when the script has just moved.
  // Were every wait that quick, this loop would never let the timer run (nor any timeout end it).
  const rt = realtime();
  let fired = false;
  setTimeout(() => (fired = true), 1);
  for (let round = 0; round < 20_000 && !fired; round += 1) await rt.settled();
  expect(fired).toBe(true);
});

test('settled() checks its timeoutMs as realtime() does: a number of ms above 0 a timer can honour', async () => {
  const rt = realtime({ verify: false }).expect('interrupt');
  const refused: unknown[] = [Number.POSITIVE_INFINITY, Number.NaN, 0, -1, 'abc', 2 ** 31];
  const errors = await Promise.all(refused.map((timeoutMs) => rejectionOf(rt.settled({ timeoutMs: timeoutMs as number }))));

  for (const error of errors) {
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_option', double: 'realtime()' });
  }
  expect(errors[0]?.message).toBe(
    'realtime().settled(): timeoutMs must be a number of milliseconds above 0 and at most 2147483647 (2^31 - 1, the longest a timer waits); got number Infinity.',
  );
  const longest = rt.settled({ timeoutMs: 2 ** 31 - 1 });
  rt.interrupt();
  await longest;
  expect(rt).toBeComplete();
});

test('realtime() refuses a timeout no timer can honour, instead of giving up at once', () => {
  const error = thrownBy(() => realtime({ timeoutMs: 1e12 }));
  expect(error).toBeInstanceOf(ScriptError);
  expect(error).toMatchObject({ reason: 'invalid_option', double: 'realtime()' });
  expect(error.message).toBe(
    'realtime(): timeoutMs (default 2000) must be a number of milliseconds above 0 and at most 2147483647 (2^31 - 1, the longest a timer waits); got number 1000000000000.',
  );
  expect(realtime({ timeoutMs: 2 ** 31 - 1, verify: false }).timeoutMs).toBe(2 ** 31 - 1);
});

test('the after-each verification names pending steps of a realtime() script', () => {
  const rt = realtime({ name: 'support', verify: false }).expect('sendMessage', { message: 'Hi' });
  const error = thrownBy(() => verify([ledgerOf(rt)!], 'when the test ended'));
  expect(error).toBeInstanceOf(IncompleteScriptError);
  expect(error.message).toMatchSnapshot();
});

test('the kit fixture adopts realtime() scripts', () => {
  const kit = createKit();
  const rt = kit.realtime({ name: 'fixture' }).expect('interrupt');
  expect(() => kit.verify()).toThrow('realtime("fixture") has 1 step not used');
  rt.interrupt();
  expect(() => kit.verify()).not.toThrow();
});

test("fake timers installed by the test do not freeze the script's waits", async () => {
  const restore = useFakeTimers();
  try {
    const rt = realtime().emitTextReply('Hi');
    const session = new RealtimeSession(agent(), { transport: rt });
    await session.connect({ apiKey: 'test' });
    await rt.settled();
    rt.expect('interrupt');
    session.interrupt();
    await rt.settled();
    const late = realtime({ verify: false, timeoutMs: 20 }).expect('interrupt');
    expect(await rejectionOf(late.settled())).toBeInstanceOf(SettleTimeoutError);
  } finally {
    restore();
  }
});

test('a pending wait does not keep the process alive', async () => {
  const refTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
  const before = refTimers();
  const rt = realtime({ verify: false, timeoutMs: 60_000 }).expect('interrupt');
  const waiting = rt.settled();
  expect(refTimers()).toBe(before);
  rt.interrupt();
  await waiting;
});

test('a listener that throws on a scripted event fails the test, naming the event and the step that emitted it', async () => {
  const rt = realtime({ verify: false }).emitTextReply('Hi');
  rt.on('item_update', () => {
    throw new Error('boom');
  });
  await rt.connect({ apiKey: 'test' } as never);

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({ kind: 'listener_failed', stepIndex: 0 });
  expect(error.message.split('\n')[0]).toBe('realtime() step 1, a listener of the "item_update" event threw Error: boom.');
});
