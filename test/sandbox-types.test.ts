import type { SandboxSession } from '@openai/agents/sandbox';
import { sandbox, type SandboxScript } from 'agents-testkit';
import { expect, test } from './support';

// Compile-time checks (tsc runs over test/): the script is a SandboxSession, and each step's
// outcome is typed by the method it plans. The runtime assertion keeps the file a real spec.
test('steps are typed by their method, and the script is a SandboxSession', () => {
  const sb: SandboxScript = sandbox({ verify: false })
    .exec((args) => args.cmd.startsWith('npm') && args.tty !== true)
    .responds((args, call) => `${args.cmd} #${call.index}`)
    .pathExists(({ path }) => path.endsWith('.md'))
    .returns(true)
    .readFile('notes.md')
    .returns(new Uint8Array([35]))
    .expect('materializeEntry', ({ path, entry }) => path !== '' && entry.type === 'dir')
    .responds((call) => {
      expect(call.method).toBe('materializeEntry');
    })
    .createFile((operation) => operation.diff.length > 0)
    .returns('Created.')
    .deleteFile('old.txt')
    .returns();
  const session: SandboxSession = sb;

  expect(session).toBe(sb);
});

// Never run: each line must fail to compile.
export function misuseThatDoesNotCompile(): void {
  // @ts-expect-error exec() returns the command's output, a string
  sandbox({ verify: false }).exec('pwd').returns(42);
  // @ts-expect-error pathExists() needs its boolean
  sandbox({ verify: false }).pathExists('a').returns();
  // @ts-expect-error expect() takes SandboxSession method names only
  sandbox({ verify: false }).expect('rename');
  // @ts-expect-error a step ends with an outcome before the next verb
  sandbox({ verify: false }).exec('pwd').exec('ls');
}
