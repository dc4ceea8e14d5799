
/** What a double says about itself when it is verified. Empty `pending` and `mismatches` mean complete. */
export interface DoubleReport {
  /** `model("support")`, `sandbox()`, `ScriptedModel`, … */
  readonly label: string;
  /** Steps not consumed yet, in script terms and numbered from 1: `2. thenReplies("Done.")`. */
  readonly pending: readonly string[];
  /** Calls the script did not plan, in the order they came, each a sentence. */
  readonly mismatches: readonly string[];
  /** Every recorded call, numbered from 1, in script terms. */
  readonly calls: readonly string[];
  /** What the double cannot know about itself (an SDK double cannot see swallowed mismatches), said in every message. */
  readonly notes?: readonly string[];
}

/** The key under which every double of the kit exposes its report. */
export const REPORT = Symbol.for('agents-testkit.report');

/** A double of this kit: anything that can say whether its script was played out. */
export interface Verifiable {
  [REPORT](): DoubleReport;
}

export function isVerifiable(value: unknown): value is Verifiable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Verifiable>)[REPORT] === 'function'
  );
}

export function isComplete(report: DoubleReport): boolean {
  return report.pending.length === 0 && report.mismatches.length === 0;
}
