/**
 * `agents-testkit cassettes prune`: removes the orphaned conversations (./ownership.ts), each file
 * rewritten under the kit's lock, through its own format and atomic writer, so the conversations
 * kept are written as the kit writes them. A file left with no conversation is deleted.
 * `--dry-run` prints the same plan and changes nothing. Conversations whose test file the report
 * does not show running are never removed, only listed.
 */
import { readFileSync } from 'node:fs';
import { me, removeQuietly, withFileLock } from '../../fakes/cassette/fileLocks';
import { withoutConversation } from '../../fakes/cassette/format';
import { forget, writeFileAtomic } from '../../fakes/cassette/store';
import type { CliIO } from '../io';
import { unknownOf, unknownNote, type UnknownConversation } from './check';
import { classify } from './ownership';
import { readReports } from './report';
import { scan, type RecordingFile } from './scan';

export interface PruneResult {
  dryRun: boolean;
  /** The conversations removed (or, with `--dry-run`, that would be). */
  removed: Array<{ path: string; conversation: string }>;
  /** Files left with no conversation, deleted. */
  deletedFiles: string[];
  /** Files that could not be read, and so were left alone. */
  skipped: Array<{ path: string; problem: string }>;
  /** Conversations of tests the report lacks whose test file it does not show running: kept (./ownership.ts). */
  unknown: UnknownConversation[];
}

export function runPrune(targets: readonly string[], reports: readonly string[], dryRun: boolean): PruneResult {
  const scanned = scan(targets);
  const conversations = classify(scanned.files, readReports(reports));
  const orphans = conversations.filter((c) => c.ownership === 'orphaned');
  const byFile = new Map<RecordingFile, string[]>();
  for (const { file, name } of orphans) byFile.set(file, [...(byFile.get(file) ?? []), name]);
  const result: PruneResult = { dryRun, removed: [], deletedFiles: [], skipped: scanned.invalid.map(({ shown, problem }) => ({ path: shown, problem })), unknown: unknownOf(conversations) };
  for (const [file, names] of byFile) {
    result.removed.push(...names.map((conversation) => ({ path: file.shown, conversation })));
    const remaining = Object.keys(file.conversations).filter((name) => !names.includes(name));
    if (remaining.length === 0) result.deletedFiles.push(file.shown);
    if (!dryRun) rewrite(file, names);
  }
  return result;
}

/** Removes `names` from the file as it is now, under the lock every commit takes. */
function rewrite(file: RecordingFile, names: readonly string[]): void {
  withFileLock(
    file.path,
    { ...me(), label: 'agents-testkit cassettes prune' },
    () => {
      const parsed = file.format.parse(readFileSync(file.path, 'utf8'));
      if (!parsed.ok) throw new Error(`${file.shown} changed while pruning and is no longer a recording (${parsed.problem})`);
      let conversations = parsed.conversations;
      for (const name of names) conversations = withoutConversation(conversations, name);
      if (Object.keys(conversations).length === 0) removeQuietly(file.path);
      else writeFileAtomic(file.path, file.format.text(conversations));
      forget(file.path);
    },
    () => true,
  );
}

export function printPrune(result: PruneResult, io: CliIO): void {
  const verb = result.dryRun ? 'would remove' : 'removed';
  if (result.removed.length === 0) io.stdout.write(`agents-testkit cassettes prune: nothing to remove.\n`);
  for (const { path, conversation } of result.removed) io.stdout.write(`${verb} conversation ${JSON.stringify(conversation)} from ${path}\n`);
  for (const path of result.deletedFiles) io.stdout.write(`${result.dryRun ? 'would delete' : 'deleted'} ${path} (no conversation left)\n`);
  for (const { path, problem } of result.skipped) io.stderr.write(`skipped ${path}: ${problem}\n`);
  for (const unknown of result.unknown) io.stdout.write(`${unknownNote(unknown)}\n`);
}
