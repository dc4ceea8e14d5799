import { parseCodegenArgs } from '../src/cli/main';
import { cli } from './support/cli';
import { describe, expect, test } from './support';

// The `agents-testkit` command's arguments, read with node:util's parseArgs.
const FIXTURE = 'test/fixtures/weather.json';

describe('agents-testkit codegen arguments', () => {
  test('--name=value reads as --name value', () => {
    const spaced = cli('codegen', FIXTURE, '--name', 'weatherModel');
    const joined = cli('codegen', FIXTURE, '--name=weatherModel');

    expect(joined).toEqual(spaced);
    expect(joined.code).toBe(0);
    expect(joined.stdout).toContain('export const weatherModel = model()');
  });

  test('--import=value reads as --import value, in any order with the file', () => {
    const joined = cli('codegen', '--import=../src', FIXTURE);

    expect(joined).toEqual(cli('codegen', FIXTURE, '--import', '../src'));
    expect(joined.stdout).toMatch(/^import \{ model \} from '\.\.\/src';/);
  });

  test('--conversation=value reads as --conversation value, and names the conversation printed', () => {
    const joined = cli('codegen', FIXTURE, '--conversation=nowhere');

    expect(joined).toEqual(cli('codegen', FIXTURE, '--conversation', 'nowhere'));
    expect(joined.code).toBe(1);
    expect(joined.stderr).toContain('no conversation "nowhere"');
    expect(parseCodegenArgs([FIXTURE, '--conversation=a b'])).toEqual({ positional: [FIXTURE], flags: { conversation: 'a b' } });
  });

  test('the values and the file, as parsed', () => {
    expect(parseCodegenArgs([FIXTURE, '--name=a', '--import', 'b'])).toEqual({ positional: [FIXTURE], flags: { name: 'a', import: 'b' } });
    expect(parseCodegenArgs(['--', '--name'])).toEqual({ positional: ['--name'], flags: {} });
    expect(parseCodegenArgs([FIXTURE, '-h'])).toEqual({ help: true });
  });

  test('each problem, in the usage words', () => {
    expect(parseCodegenArgs([FIXTURE, '--name'])).toEqual({ problem: '--name needs a value.' });
    expect(parseCodegenArgs([FIXTURE, '--name='])).toEqual({ problem: '--name needs a value.' });
    // Not "--import" taken for the name, as parseArgs without its strict mode would.
    expect(parseCodegenArgs([FIXTURE, '--name', '--import', 'x'])).toEqual({ problem: '--name needs a value.' });
    expect(parseCodegenArgs([FIXTURE, '--nmae=x'])).toEqual({ problem: 'unknown option "--nmae".' });
    expect(parseCodegenArgs(['-x', FIXTURE])).toEqual({ problem: 'unknown option "-x".' });
    expect(parseCodegenArgs([FIXTURE, '--help=yes'])).toEqual({ problem: '--help takes no value.' });
    expect(parseCodegenArgs([FIXTURE, '--name=a', '--name', 'b'])).toEqual({ problem: '--name is given twice.' });
  });

  test('a value given with = is still checked as an identifier', () => {
    expect(cli('codegen', FIXTURE, '--name=my-model')).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('--name must be a JavaScript identifier; got "my-model".'),
    });
    expect(cli('codegen', FIXTURE, '--name=-x')).toMatchObject({ code: 2, stderr: expect.stringContaining('got "-x"') });
  });

  test('the usage shows both forms', () => {
    expect(cli('codegen', '--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('--name=weatherModel') });
  });
});
