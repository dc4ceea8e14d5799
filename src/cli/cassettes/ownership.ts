/**
 * Whose each recorded conversation is, given the tests a run declared. `check` fails on the
 * orphaned ones and `prune` removes exactly those, so `prune --dry-run` and `prune` agree by
 * construction.
 *
 * A conversation is keyed by its test's full name, or by a `{ conversation }` name (or `default`,
 * outside a test). Since provenance is recorded, `provenance.test` says which test recorded it:
 * - owned: its name is a test of the run, or the test that recorded it is;
 * - orphaned: keyed by a test's name and that test is gone (a file without provenance: any name
 *   that is no test of the run, except `default`);
 * - named: keyed by an explicit name whose recording test is gone (or outside a test). Other tests
 *   may replay it, so it is listed but never pruned.
 */
import { DEFAULT_CONVERSATION } from '../../fakes/cassette/format';
import { provenanceOf } from '../../fakes/cassette/provenance';
import type { RecordingFile } from './scan';

export type Ownership = 'owned' | 'orphaned' | 'named';

export interface OwnedConversation {
  file: RecordingFile;
  name: string;
  ownership: Ownership;
}

export function ownershipOf(name: string, conversation: unknown, tests: ReadonlySet<string>): Ownership {
  if (tests.has(name)) return 'owned';
  const provenance = provenanceOf(conversation);
  if (provenance?.test !== undefined && tests.has(provenance.test)) return 'owned';
  if (provenance === undefined) return name === DEFAULT_CONVERSATION ? 'named' : 'orphaned';
  return provenance.test === name ? 'orphaned' : 'named';
}

/** Every conversation of the files, with its ownership, in file order then the file's order. */
export function classify(files: readonly RecordingFile[], tests: ReadonlySet<string>): OwnedConversation[] {
  return files.flatMap((file) => Object.entries(file.conversations).map(([name, conversation]) => ({ file, name, ownership: ownershipOf(name, conversation, tests) })));
}
