import type { Editor } from '@openai/agents';
import { MEMORY_SUMMARY_MARKER } from '../../sdk/coupling';
import type { ScriptedMethod } from './plan';

/** How the kit answers a set-up call that no step claims. */
export interface SetupAnswer {
  value: unknown;
  /** How reports show the answer: `the kit's editor`, `false`. */
  label: string;
  /**
   * The method also carries calls that are steps (the memory capability reads its summary through
   * `execCommand` when nothing else can), so only a step that accepts this very call claims it.
   */
  shared: boolean;
}

export interface SetupState {
  /** The editor `createEditor()` hands out: the kit's, or the one a scripted `createEditor` returned. */
  editor: Editor;
  /** Whether the script has a `writeStdin` step, which is what makes the shell offer `write_stdin`. */
  interactive: boolean;
}

/**
 * The calls the runner and the SDK's capabilities make to set a session up, found by probing the
 * SDK (0.20): the filesystem capability creates an editor twice, the shell asks `supportsPty()`,
 * a provided session receives the agent's manifest additions (memory and skills add directories)
 * through `applyManifest`, and the memory capability reads its summary with a shell command when
 * the session has no `readFile`. Each is answered here, so a script names only what the model does.
 */
export function setupAnswer(method: ScriptedMethod, args: readonly unknown[], state: SetupState): SetupAnswer | undefined {
  switch (method) {
    case 'createEditor':
      return { value: state.editor, label: "the script's editor", shared: false };
    case 'supportsPty':
      return { value: state.interactive, label: String(state.interactive), shared: false };
    case 'applyManifest':
      return { value: undefined, label: 'accepted', shared: false };
    case 'execCommand': {
      const cmd = (args[0] as { cmd?: unknown } | undefined)?.cmd;
      if (typeof cmd === 'string' && cmd.includes(MEMORY_SUMMARY_MARKER)) {
        return { value: '', label: 'no output (no memory summary)', shared: true };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
