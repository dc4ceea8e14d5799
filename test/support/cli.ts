import { main } from '../../src/cli/main';

/** Runs the `agents-testkit` command in this process, its output caught in a buffer. */
export function cli(...argv: string[]): { code: number; stdout: string; stderr: string } {
  const out = { stdout: '', stderr: '' };
  const code = main(argv, {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
  });
  return { code, ...out };
}
