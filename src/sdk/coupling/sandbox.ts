/**
 * What the SDK's sandbox capabilities send a session. Part of the SDK coupling (see index.ts).
 */

/** The marker in the shell command the memory capability reads `memory_summary.md` with. */
export const MEMORY_SUMMARY_MARKER = '__OPENAI_AGENTS_MEMORY_SUMMARY_BEGIN__';

/**
 * The function tool of the shell capability that makes a session call, and how a model's call of
 * it shows the call's arguments: `exec_command({ cmd })` runs `execCommand({ cmd, … })`, and
 * `write_stdin({ session_id, chars })` runs `writeStdin({ sessionId, chars, … })`; an error the
 * session throws becomes the tool's failure. `undefined` for the other methods: the tools that call
 * them catch the error (`view_image`) or pass other arguments (`load_skill`), or no tool calls them.
 */
export function shellToolCall(method: string, args: readonly unknown[]): { tools: readonly string[]; fits(callArgs: unknown): boolean } | undefined {
  const session = (args[0] ?? {}) as { cmd?: unknown; sessionId?: unknown; chars?: unknown };
  if (method === 'execCommand') return { tools: ['exec_command'], fits: (call) => (call as { cmd?: unknown } | null)?.cmd === session.cmd };
  if (method === 'writeStdin') {
    return {
      tools: ['write_stdin'],
      fits: (call) => {
        const { session_id: id, chars = '' } = (call ?? {}) as { session_id?: unknown; chars?: unknown };
        return id === session.sessionId && chars === (session.chars ?? '');
      },
    };
  }
  return undefined;
}
