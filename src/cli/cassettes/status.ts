/**
 * `agents-testkit cassettes status`: per file, its conversations, how many calls each holds, and
 * its provenance (when, with which SDK version and model, by which test).
 */
import { provenanceOf, type Provenance } from '../../fakes/cassette/provenance';
import type { CliIO } from '../io';
import { scan, type RecordingKind } from './scan';

export interface StatusConversation extends Partial<Provenance> {
  name: string;
  calls: number;
}

export interface StatusResult {
  files: Array<{ path: string; kind: RecordingKind; conversations: StatusConversation[] }>;
  invalid: Array<{ path: string; problem: string }>;
  leftovers: Array<{ path: string; kind: string }>;
  missing: string[];
}

export function runStatus(targets: readonly string[]): StatusResult {
  const scanned = scan(targets);
  return {
    files: scanned.files.map((file) => ({
      path: file.shown,
      kind: file.kind,
      conversations: Object.entries(file.conversations).map(([name, conversation]) => {
        const calls = (conversation as { calls?: unknown }).calls;
        return { name, calls: Array.isArray(calls) ? calls.length : 0, ...provenanceOf(conversation) };
      }),
    })),
    invalid: scanned.invalid.map(({ shown, problem }) => ({ path: shown, problem })),
    leftovers: scanned.leftovers.map(({ shown, kind }) => ({ path: shown, kind })),
    missing: scanned.missing,
  };
}

export function printStatus(result: StatusResult, io: CliIO): void {
  for (const file of result.files) {
    io.stdout.write(`${file.path} (${file.kind}, ${file.conversations.length} conversation${file.conversations.length === 1 ? '' : 's'})\n`);
    for (const c of file.conversations) {
      const made =
        c.recordedAt === undefined
          ? 'no provenance (recorded before agents-testkit kept it)'
          : `recorded ${c.recordedAt}, @openai/agents ${c.sdkVersion ?? 'unknown'}, model ${c.model ?? 'unknown'}${c.test === undefined || c.test === c.name ? '' : `, by test ${JSON.stringify(c.test)}`}`;
      io.stdout.write(`  ${JSON.stringify(c.name)}: ${c.calls} call${c.calls === 1 ? '' : 's'}, ${made}\n`);
    }
  }
  for (const { path, kind } of result.leftovers) io.stdout.write(`leftover ${kind} file ${path}\n`);
  for (const { path, problem } of result.invalid) io.stderr.write(`invalid file ${path}: ${problem}\n`);
  for (const path of result.missing) io.stderr.write(`missing ${path}: no such file or directory\n`);
}
