import { run } from '@openai/agents';
import { shell } from '@openai/agents/sandbox';
import { model, sandbox, ScriptError, type SessionMethod } from 'agents-testkit';
import { expect, rejectionOf, sandboxAgent, test, thrownBy } from './support';

/** The ScriptError a builder call throws, with the fields tests assert on. */
function misuseOf(write: () => unknown): { reason: string; stepIndex: number | undefined; message: string } {
  const error = thrownBy(write);
  expect(error).toBeInstanceOf(ScriptError);
  const { reason, stepIndex, message } = error as ScriptError;
  return { reason, stepIndex, message };
}

test('an empty command', () => {
  expect(misuseOf(() => sandbox({ verify: false }).exec('  '))).toMatchSnapshot();
});

test('a matcher that is neither a string, a RegExp nor a predicate', () => {
  expect(misuseOf(() => sandbox({ verify: false }).readFile(42 as never))).toMatchSnapshot();
});

test("a verb called with the SDK's arguments object acts as the session method, so a stray call is recorded", async () => {
  const sb = sandbox({ verify: false });

  const error = await sb.readFile({ path: 'notes.md' }).catch((caught: unknown) => caught);

  expect((error as Error).name).toBe('MismatchError');
  expect(sb.calls).toEqual([expect.objectContaining({ method: 'readFile', mismatch: true })]);
});

test('a second outcome on one step', () => {
  const step = sandbox({ verify: false }).exec('pwd');
  step.returns('/workspace\n');
  expect(misuseOf(() => step.fails(new Error('late')))).toMatchSnapshot();
});

test('a verb left without outcome, when the next step is written', () => {
  const sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n');
  sb.exec('ls');
  expect(misuseOf(() => sb.readFile('notes.md'))).toMatchSnapshot();
});

test('a verb left without outcome, when the script is used: the run fails at set-up, and the script is incomplete', async () => {
  const sb = sandbox({ verify: false });
  sb.exec('pwd');

  const error = await rejectionOf(run(sandboxAgent(model({ verify: false }).replies('Hi.')), 'Hi', { sandbox: { session: sb } }));

  expect(error).toBeInstanceOf(ScriptError);
  expect((error as ScriptError).reason).toBe('missing_outcome');
  expect(sb.remainingSteps).toBe(1);
  expect(() => sb.assertComplete()).toThrow('1. exec("pwd") (no outcome: end it with .returns(…), .fails(…) or .responds(…))');
});

test('a value the method cannot return', () => {
  expect(misuseOf(() => sandbox({ verify: false }).exec('pwd').returns(42 as never))).toMatchSnapshot();
  expect(misuseOf(() => sandbox({ verify: false }).pathExists('a').returns('yes' as never)).reason).toBe('invalid_result');
  expect(misuseOf(() => sandbox({ verify: false }).exec('pwd').returns(undefined as never)).reason).toBe('invalid_result');
});

test('fails() without an error, responds() without a function', () => {
  expect(misuseOf(() => sandbox({ verify: false }).exec('pwd').fails(undefined))).toMatchSnapshot();
  expect(misuseOf(() => sandbox({ verify: false }).exec('pwd').responds('out' as never)).reason).toBe('invalid_responder');
});

test('expect() with a method the session does not have', () => {
  expect(misuseOf(() => sandbox({ verify: false }).expect('materialiseEntry' as SessionMethod))).toMatchSnapshot();
  expect(misuseOf(() => sandbox({ verify: false }).expect('start', 'reason' as never)).reason).toBe('invalid_matcher');
});

test('options are checked where the script is created', () => {
  expect(thrownBy(() => sandbox({ supports: ['readfile' as SessionMethod] })).message).toMatchSnapshot();
  expect(thrownBy(() => sandbox({ files: { 'a.txt': 1 as unknown as string } })).message).toMatchSnapshot();
  expect(thrownBy(() => sandbox({ name: '' }))).toBeInstanceOf(ScriptError);
});

test('steps are numbered from 1 in messages and from 0 in stepIndex', () => {
  const sb = sandbox({ verify: false }).exec('pwd').returns('/workspace\n').exec('ls').returns('a\n');
  const error = misuseOf(() => sb.exec(''));
  expect(error.stepIndex).toBe(2);
  expect(error.message).toContain('step 3');
});

test('a verb left without outcome that the SDK never reaches still fails the verification', async () => {
  const sb = sandbox({ verify: false });
  sb.writeStdin('y\n');

  await run(sandboxAgent(model({ verify: false }).replies('Hi.'), [shell()]), 'Hi', { sandbox: { session: sb } });

  expect(thrownBy(() => sb.assertComplete()).message).toMatchSnapshot();
});

test('every option is checked, and the message names what came', () => {
  const refusal = (options: unknown) => {
    const error = thrownBy(() => sandbox(options as never)) as ScriptError;
    expect(error).toMatchObject({ reason: 'invalid_option', double: 'sandbox()', stepIndex: undefined });
    return error.message;
  };
  expect(refusal(null)).toBe("sandbox(): expected an options object like { name: 'ci' }; got null.");
  expect(refusal('ci')).toBe(`sandbox(): expected an options object like { name: 'ci' }; got the string "ci".`);
  expect(refusal({ name: ' ' })).toBe('sandbox(): name must be a non-empty string; got the string " ".');
  expect(refusal({ name: 7 })).toBe('sandbox(): name must be a non-empty string; got number 7.');
  expect(refusal({ verify: 'no' })).toBe('sandbox(): verify must be a boolean; got the string "no".');
  expect(refusal({ supports: 'readFile' })).toBe(`sandbox(): supports lists session method names, like ['pathExists']; got the string "readFile".`);
  expect(refusal({ supports: ['readFile', 3] })).toBe('sandbox(): supports lists SandboxSession methods; number 3 is not one.');
  expect(refusal({ files: ['a.txt'] })).toBe(`sandbox(): files maps paths to contents, like { 'README.md': '# Hello' }; got an array (["a.txt"]).`);
  expect(refusal({ files: null })).toBe(`sandbox(): files maps paths to contents, like { 'README.md': '# Hello' }; got null.`);
  expect(refusal({ files: 'a.txt' })).toBe(`sandbox(): files maps paths to contents, like { 'README.md': '# Hello' }; got the string "a.txt".`);
});

test('valid options are taken as given', () => {
  const sb = sandbox({ name: 'ci', verify: false, supports: ['pathExists', 'start'], files: { 'a.txt': '' } });
  expect(sb.label).toBe('sandbox("ci")');
  expect(typeof (sb as unknown as { start?: unknown }).start).toBe('function');
  expect('start' in sandbox({ verify: false })).toBe(false);
  expect(sandbox({ verify: true, supports: [] })).toBeComplete();
});

test('more refusals, each with its reason and message', () => {
  const bad: Record<string, () => unknown> = {
    'expect() with a number': () => sandbox({ verify: false }).expect(5 as never),
    'expect() with an argument check that is text': () => sandbox({ verify: false }).expect('start', 'reason' as never),
    'readFile() with an empty path': () => sandbox({ verify: false }).readFile(''),
    'deleteFile() with an empty path': () => sandbox({ verify: false }).deleteFile(' '),
    'responds() with text': () => sandbox({ verify: false }).exec('pwd').responds('out' as never),
  };
  expect(Object.fromEntries(Object.entries(bad).map(([name, write]) => [name, misuseOf(write)]))).toMatchSnapshot();
});

test('steps read in the script with the name of their predicate, or "fn" without one', () => {
  const sb = sandbox({ verify: false })
    .expect('running', function isRunning() {
      return true;
    })
    .returns(true)
    .expect('start', () => true)
    .returns()
    .expect('stop')
    .returns()
    .exec(function isReadOnly() {
      return true;
    })
    .returns('')
    .exec(() => true)
    .returns('');
  expect(thrownBy(() => sb.assertComplete()).message).toMatchSnapshot();
});
