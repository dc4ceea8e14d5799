import { run } from '@openai/agents';
import { shell } from '@openai/agents/sandbox';
import { asserting, MismatchError, model, realtime, sandbox } from 'agents-testkit';
import { firstLine, isAssertionError, isAsserting, isUnplannedError, judge } from '../src/fakes/core/predicate';
import { describe, expect, failureOf, sandboxAgent, test, thrownBy } from './support';

// One rule for every predicate a script holds (API.md, "Predicates"): only `true` accepts a call,
// a forgotten `return` is a mistake in the script, and assertion-style checks say so with asserting().

/** The model runs `command` through the shell capability of a sandbox agent driven by `sb`. */
async function runCommand(command: string, sb: ReturnType<typeof sandbox>) {
  const script = model({ verify: false }).calls('exec_command', { cmd: command }).thenReplies('Done.');
  await run(sandboxAgent(script, [shell()]), 'Go.', { sandbox: { session: sb } });
  return sb;
}

test('a sandbox predicate that forgets its return accepts nothing, not even rm -rf /', async () => {
  // The cast stands for JavaScript, or a check written as an assertion without asserting().
  const forgetful = ((args: { cmd: string }) => {
    args.cmd.startsWith('ls');
  }) as unknown as (args: { cmd: string }) => boolean;
  const sb = await runCommand('rm -rf /', sandbox({ verify: false }).exec(forgetful).returns(''));

  const error = thrownBy(() => sb.assertComplete());
  expect(error.message).toContain('call #1, exec "rm -rf /": expected exec matching forgetful (step 1). The predicate returned undefined');
  expect(error.message).toContain('add the missing return, or wrap a check made of assertions in asserting(…)');
  expect(sb.calls[0]).toMatchObject({ method: 'execCommand', mismatch: true, step: 0 });
});

test('the forgotten return is a mistake in the script (invalid_step), a false verdict a call that does not fit (wrong_arguments)', async () => {
  const forgetful = sandbox({ verify: false }).exec((() => undefined) as unknown as () => boolean).returns('');
  const refusing = sandbox({ verify: false }).exec(() => false).returns('');
  const truthy = sandbox({ verify: false }).exec((() => 1) as unknown as () => boolean).returns('');

  const kinds: unknown[] = [];
  for (const sb of [forgetful, refusing, truthy]) {
    await runCommand('ls', sb);
    kinds.push(mismatchOf(sb).kind);
  }

  expect(kinds).toEqual(['invalid_step', 'wrong_arguments', 'wrong_arguments']);
  expect(failureOf(() => truthy.assertComplete())).toContain('The predicate returned 1.');
});

test('only true accepts a call; an asserting() check accepts unless an assertion fails', async () => {
  const accepting = await runCommand('ls', sandbox({ verify: false }).exec(({ cmd }) => cmd === 'ls').returns(''));
  const checked = await runCommand('ls', sandbox({ verify: false }).exec(asserting(({ cmd }) => expect(cmd).toBe('ls'))).returns(''));
  const failedCheck = await runCommand('pwd', sandbox({ verify: false }).exec(asserting(({ cmd }) => expect(cmd).toBe('ls'))).returns(''));

  expect(accepting).toBeComplete();
  expect(checked).toBeComplete();
  expect(mismatchOf(failedCheck)).toMatchObject({ kind: 'wrong_arguments', callIndex: 0, stepIndex: 0 });
  expect(failureOf(() => failedCheck.assertComplete())).toContain('An assertion in the check failed');
});

test('a predicate that throws rejects the call, quoting the first line of what it threw', async () => {
  const throwing = await runCommand('ls', sandbox({ verify: false }).exec(() => {
    throw new TypeError('not pwd\nsecond line');
  }).returns(''));
  const throwingText = await runCommand('ls', sandbox({ verify: false }).exec(() => {
    throw 'nope';
  }).returns(''));

  expect(failureOf(() => throwing.assertComplete())).toContain('The predicate threw TypeError: not pwd.');
  expect(failureOf(() => throwingText.assertComplete())).toContain('The predicate threw "nope".');
});

test('sandbox().expect(method, predicate) follows the same rule', async () => {
  const sb = sandbox({ verify: false })
    .expect('running', (() => undefined) as unknown as () => boolean)
    .returns(true);
  await (sb as unknown as { running(): Promise<boolean> }).running().catch(() => undefined);
  expect(mismatchOf(sb).kind).toBe('invalid_step');
});

test('asserting() refuses something that is not a function', () => {
  expect(() => asserting(5 as never)).toThrow('asserting() takes a function with assertions inside; got 5.');
});

function mismatchOf(sb: ReturnType<typeof sandbox>): MismatchError {
  const error = thrownBy(() => sb.assertComplete()) as unknown as { reports: { mismatches: string[] }[] };
  // The structured error is what the session threw; the double keeps it among its ledger's mismatches.
  const ledger = (sb as unknown as Record<symbol, { mismatches: readonly MismatchError[] }>)[Symbol.for('agents-testkit.ledger')];
  expect(error.reports[0]?.mismatches).toHaveLength(1);
  return ledger?.mismatches[0] as MismatchError;
}

test('a sandbox responder that never settles fails within timeoutMs, naming the step', async () => {
  const sb = sandbox({ verify: false, timeoutMs: 50 }).exec('npm test').responds(function waitForever() {
    return new Promise<string>(() => undefined);
  });
  const started = Date.now();
  await runCommand('npm test', sb);
  expect(Date.now() - started).toBeLessThan(1000);
  const [mismatch] = (sb as unknown as Record<symbol, { mismatches: readonly MismatchError[] }>)[Symbol.for('agents-testkit.ledger')]!.mismatches;
  expect(mismatch).toMatchObject({ kind: 'responder_timeout', callIndex: 0, stepIndex: 0, expected: 'exec("npm test").responds(waitForever)' });
  expect(mismatch?.message).toContain('Its responder did not finish within 50 ms');
  expect(thrownBy(() => sandbox({ timeoutMs: -5 }))).toMatchObject({ reason: 'invalid_option' });
});

test('a bug in a sandbox responder is a responder_failed mismatch; a failed assertion a failed_assertion one', async () => {
  const buggy = await runCommand('ls', sandbox({ verify: false }).exec('ls').responds((args) => (args as unknown as { x: { y: string } }).x.y));
  const asserting = await runCommand('ls', sandbox({ verify: false }).exec('ls').responds(({ cmd }) => {
    expect(cmd).toBe('pwd');
    return '';
  }));
  expect(mismatchOf(buggy).kind).toBe('responder_failed');
  expect(mismatchOf(asserting).kind).toBe('failed_assertion');
});

// ── Realtime: realtime().expect(method, predicate) and expectSessionError(session, predicate) ──

test('a realtime predicate that forgets its return accepts no call: a mistake in the script (invalid_step)', async () => {
  const forgetful = ((call: { muted: boolean }) => {
    call.muted === true;
  }) as unknown as (call: { muted: boolean }) => boolean;
  const rt = realtime({ verify: false }).expect('mute', forgetful);
  rt.mute(true);

  const error = await rt.settled().catch((caught: unknown) => caught as MismatchError);

  expect(error).toBeInstanceOf(MismatchError);
  expect(error).toMatchObject({ kind: 'invalid_step', callIndex: 0, stepIndex: 0, actual: 'mute(true)' });
  expect((error as MismatchError).message).toContain(
    "realtime() call #1, mute(true): expected expect('mute', forgetful) (step 1). The predicate returned undefined, and only true accepts a call",
  );
  expect(rt.calls).toHaveLength(1);
});

test('a realtime predicate accepts a call only with true; asserting() accepts unless an assertion fails', async () => {
  const kinds: unknown[] = [];
  for (const predicate of [() => true, (() => 1) as unknown as () => boolean, () => false, asserting(() => expect(1).toBe(1)), asserting(() => expect(1).toBe(2))]) {
    const rt = realtime({ verify: false }).expect('interrupt', predicate);
    rt.interrupt();
    kinds.push(await rt.settled().then(() => 'accepted', (error: MismatchError) => error.kind));
  }
  expect(kinds).toEqual(['accepted', 'wrong_arguments', 'wrong_arguments', 'accepted', 'wrong_arguments']);

  const checked = realtime({ verify: false }).expect('interrupt', asserting(() => expect('b').toBe('a')));
  checked.interrupt();
  expect(((await checked.settled().catch((error: unknown) => error)) as Error).message).toContain('An assertion in the check failed');
});

test('realtime predicates are typed: a check made of assertions needs asserting()', () => {
  const rt = realtime({ verify: false });
  rt.expect('mute', (call) => call.muted === true);
  rt.expect('mute', asserting((call) => expect(call.muted).toBe(true)));
  // @ts-expect-error returns nothing: wrap it in asserting(…)
  rt.expect('mute', (call) => {
    expect(call.muted).toBe(true);
  });
  expect(rt.remainingSteps).toBe(3);
});

test('expectSessionError(session, predicate) follows the same rule', async () => {
  const rt = realtime({ verify: false }).emitError({ message: 'rate limited' });
  const session = { on: (_event: 'error', listener: (event: unknown) => void) => void rt.on('error', (event) => listener(event)) };
  rt.expectSessionError(session, (() => undefined) as unknown as () => boolean);
  await rt.connect({ apiKey: 'test' } as never);

  const error = (await rt.settled().catch((caught: unknown) => caught)) as MismatchError;

  expect(error).toMatchObject({ kind: 'invalid_step', stepIndex: 1 });
});

describe('the rule itself, read directly', () => {
  test('judge(): true accepts; undefined is a script mistake; anything else, or a throw, rejects', () => {
    expect(judge(() => true, [])).toBeUndefined();
    expect(judge(() => undefined, [])).toEqual({
      kind: 'invalid_step',
      reason: 'The predicate returned undefined, and only true accepts a call: add the missing return, or wrap a check made of assertions in asserting(…)',
    });
    expect(judge(() => 1, [])).toEqual({ kind: 'wrong_arguments', reason: 'The predicate returned 1' });
    expect(judge(() => 'yes', [])).toEqual({ kind: 'wrong_arguments', reason: 'The predicate returned "yes"' });
    expect(judge(() => {
      throw new RangeError('\n\n  too far  \nsecond line');
    }, [])).toEqual({ kind: 'wrong_arguments', reason: 'The predicate threw RangeError:' });
    expect(judge((value: unknown) => value === 7, [7])).toBeUndefined();
  });

  test('asserting(): keeps the name of the check (or says asserting), accepts unless it throws', () => {
    const named = asserting(function startsWithLs(value: string) {
      return value.startsWith('ls');
    });
    expect(named.name).toBe('startsWithLs');
    expect(asserting(() => false).name).toBe('asserting');
    expect(judge(named, ['rm'])).toBeUndefined(); // its return value does not count
    expect(judge(asserting(() => {
      throw new Error('expected "rm" to start with "ls"');
    }), [])).toEqual({ kind: 'wrong_arguments', reason: 'An assertion in the check failed: Error: expected "rm" to start with "ls"' });
    expect(isAsserting(named)).toBe(true);
    expect(isAsserting(() => true)).toBe(false);
    expect(isAsserting({ [Symbol.for('agents-testkit.asserting')]: true })).toBe(false);
  });

  test('isUnplannedError(): failed assertions and programming errors, not the errors a responder throws on purpose', () => {
    expect(isUnplannedError(new TypeError('x is not a function'))).toBe(true);
    expect(isUnplannedError(new ReferenceError('x is not defined'))).toBe(true);
    expect(isUnplannedError(Object.assign(new Error('no'), { name: 'AssertionError' }))).toBe(true);
    expect(isUnplannedError(Object.assign(new Error('no'), { name: 'JestAssertionError' }))).toBe(true);
    expect(isUnplannedError(Object.assign(new Error('no'), { matcherResult: {} }))).toBe(true);
    expect(isUnplannedError(new Error('ENOENT'))).toBe(false);
    expect(isUnplannedError({ name: 'Quota' })).toBe(false);
    expect(isUnplannedError('TypeError')).toBe(false);
    expect(isUnplannedError(null)).toBe(false);
    expect(isUnplannedError(undefined)).toBe(false);
    expect(isAssertionError('AssertionError')).toBe(false);
    expect(isAssertionError({ name: 'AssertionError' })).toBe(true);
  });

  test('firstLine(): the first line with text, trimmed; a value that is no Error as the kit shows values', () => {
    expect(firstLine(new Error('first\nsecond'))).toBe('Error: first');
    expect(firstLine(new TypeError(''))).toBe('TypeError:');
    expect(firstLine('  \n  two  \nthree')).toBe('"  \\n  two  \\nthree"');
    expect(firstLine({ code: 5 })).toBe('{"code":5}');
  });
});
