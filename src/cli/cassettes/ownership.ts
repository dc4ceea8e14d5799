/**
 * Whose each recorded conversation is, given the tests and test files a run's report declares.
 * `check` fails on the orphaned ones and `prune` removes exactly those, so `prune --dry-run` and
 * `prune` agree by construction.
 *
 * A conversation is keyed by its test's full name, or by a `{ conversation }` name (or `default`,
 * outside a test). Its provenance says which test recorded it (`test`) and in which file (`file`):
 * - owned: its name is a test of the report, or the test that recorded it is;
 * - orphaned: keyed by its recording test's name, that test is gone, and the report PROVES its
 *   file ran: the file is in the report and one of its tests passed or failed (./report.ts). A
 *   report of a filtered run or of one shard lacks the other files, so their conversations are
 *   never orphaned by it;
 * - unknown: keyed by a test's name that no test of the report has, but nothing proves its file
 *   ran: the file is not in the report, failed to load, ran no test, or the conversation was
 *   recorded before provenance named its file (no `file`, or no provenance at all). Deleting a
 *   recording whose test may exist loses it, so these are kept and listed: `check` notes them
 *   without failing, `prune` never removes them. Recording one again stamps its file;
 * - named: keyed by an explicit name whose recording test is gone (or outside a test). Other tests
 *   may replay it, so it is listed but never pruned.
 */
import { DEFAULT_CONVERSATION } from '../../fakes/cassette/format';
import { provenanceOf } from '../../fakes/cassette/provenance';
import type { ReportTests } from './report';
import type { RecordingFile } from './scan';

export type Ownership = 'owned' | 'orphaned' | 'named' | 'unknown';

export interface OwnedConversation {
  file: RecordingFile;
  name: string;
  ownership: Ownership;
  /** The recording test's file, from provenance, when it names one. */
  testFile?: string;
}

export function ownershipOf(name: string, conversation: unknown, report: Pick<ReportTests, 'names' | 'ran'>): Ownership {
  if (report.names.has(name)) return 'owned';
  const provenance = provenanceOf(conversation);
  if (provenance?.test !== undefined && report.names.has(provenance.test)) return 'owned';
  if (provenance === undefined) return name === DEFAULT_CONVERSATION ? 'named' : 'unknown';
  if (provenance.test !== name) return 'named';
  return provenance.file !== undefined && report.ran.has(provenance.file) ? 'orphaned' : 'unknown';
}

/** Every conversation of the files, with its ownership, in file order then the file's order. */
export function classify(files: readonly RecordingFile[], report: Pick<ReportTests, 'names' | 'ran'>): OwnedConversation[] {
  return files.flatMap((file) =>
    Object.entries(file.conversations).map(([name, conversation]) => {
      const testFile = provenanceOf(conversation)?.file;
      return { file, name, ownership: ownershipOf(name, conversation, report), ...(testFile === undefined ? {} : { testFile }) };
    }),
  );
}
