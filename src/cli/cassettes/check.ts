/**
 * `agents-testkit cassettes check`: every file is a valid recording, nothing a recording leaves
 * while it runs (partial, lock, temporary files) is left, and every conversation belongs to a
 * test of the run's report. Exit code 1 on any finding. A conversation whose test file the report
 * does not show running is `unknown` (./ownership.ts): noted, not a finding, since a filtered run
 * or one shard's report says nothing about it.
 */
import { classify, type OwnedConversation } from './ownership';
import { readReports } from './report';
import { scan, type LeftoverKind } from './scan';
import type { CliIO } from '../io';

export type CheckFinding =
  | { kind: 'orphaned'; path: string; conversation: string }
  | { kind: LeftoverKind; path: string }
  | { kind: 'invalid'; path: string; problem: string }
  | { kind: 'missing'; path: string };

export interface CheckResult {
  ok: boolean;
  files: number;
  conversations: number;
  findings: CheckFinding[];
  /** Conversations under an explicit name whose recording test is gone: listed, not a finding (other tests may replay them). */
  named: Array<{ path: string; conversation: string }>;
  /** Conversations of tests the report lacks, whose test file the report does not show running: kept, not a finding. */
  unknown: UnknownConversation[];
}

/** A conversation `check` and `prune` cannot judge; `testFile` is its recording test's file, when provenance names it. */
export interface UnknownConversation {
  path: string;
  conversation: string;
  testFile?: string;
}

/** The unknown conversations of a classification, for `check` and `prune` alike. */
export function unknownOf(conversations: readonly OwnedConversation[]): UnknownConversation[] {
  return conversations
    .filter((c) => c.ownership === 'unknown')
    .map((c) => ({ path: c.file.shown, conversation: c.name, ...(c.testFile === undefined ? {} : { testFile: c.testFile }) }));
}

/** The note that says why an unknown conversation is kept. */
export function unknownNote({ path, conversation, testFile }: UnknownConversation): string {
  return testFile === undefined
    ? `note: conversation ${JSON.stringify(conversation)} in ${path} belongs to no test of the report, and was recorded before its test file was kept in its provenance; kept (record it again so prune can judge it, or delete it by hand).`
    : `note: conversation ${JSON.stringify(conversation)} in ${path}: its test file ${testFile} did not run in the report; kept (its test may exist).`;
}

const LEFTOVER_WHY: Record<LeftoverKind, string> = {
  partial: 'a recording that was never committed (its test failed, or the run was killed); replay it, commit it, or delete the file',
  lock: 'a lock or claim left by a run that ended while recording; delete it once no test records',
  temporary: 'a write that never finished; delete it',
};

export function runCheck(targets: readonly string[], reports: readonly string[]): CheckResult {
  const scanned = scan(targets);
  const conversations = classify(scanned.files, readReports(reports));
  const findings: CheckFinding[] = [
    ...scanned.missing.map((path) => ({ kind: 'missing' as const, path })),
    ...scanned.invalid.map(({ shown, problem }) => ({ kind: 'invalid' as const, path: shown, problem })),
    ...scanned.leftovers.map(({ shown, kind }) => ({ kind, path: shown })),
    ...conversations.filter((c) => c.ownership === 'orphaned').map((c) => ({ kind: 'orphaned' as const, path: c.file.shown, conversation: c.name })),
  ];
  const named = conversations.filter((c) => c.ownership === 'named').map((c) => ({ path: c.file.shown, conversation: c.name }));
  return { ok: findings.length === 0, files: scanned.files.length, conversations: conversations.length, findings, named, unknown: unknownOf(conversations) };
}

export function printCheck(result: CheckResult, io: CliIO): void {
  const lines = result.findings.map((finding) => {
    switch (finding.kind) {
      case 'orphaned':
        return `orphaned conversation ${JSON.stringify(finding.conversation)} in ${finding.path}: its test file ran and no test of the report has this name (prune it: agents-testkit cassettes prune)`;
      case 'invalid':
        return `invalid file ${finding.path}: ${finding.problem}`;
      case 'missing':
        return `missing ${finding.path}: no such file or directory`;
      default:
        return `leftover ${finding.kind} file ${finding.path}: ${LEFTOVER_WHY[finding.kind]}`;
    }
  });
  const summary = `${result.files} file(s), ${result.conversations} conversation(s)`;
  if (result.ok) io.stdout.write(`agents-testkit cassettes check: ok, ${summary}.\n`);
  else io.stderr.write(`agents-testkit cassettes check: ${result.findings.length} finding(s) in ${summary}:\n${lines.map((line) => `  ${line}\n`).join('')}`);
  for (const { path, conversation } of result.named) {
    io.stdout.write(`  note: conversation ${JSON.stringify(conversation)} in ${path} is named explicitly and no test of the report recorded it; kept (other tests may replay it).\n`);
  }
  for (const unknown of result.unknown) io.stdout.write(`  ${unknownNote(unknown)}\n`);
}
