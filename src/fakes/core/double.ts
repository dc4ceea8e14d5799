import type { DoubleKind } from '../../vocabulary';
import { Ledger, LEDGER, type LedgerSetup } from './ledger';

/**
 * What every double of the kit is before it is a model, a sandbox or a server: the owner of a
 * ledger (./ledger.ts), and the members that only hand the ledger's answers on — the key that
 * matchers and the after-each verification find it by, the label messages name it with, and
 * `assertComplete()`. What a double means by its calls and its remaining steps differs from one
 * to the next, so each says that itself.
 *
 * The ledger is made (and, unless `verify: false`, registered for the after-each verification)
 * when the double's constructor calls `super()`, before the double's own fields exist: the
 * setup's `pending` and `view` read them only when a report or a matcher asks.
 */
export abstract class Double<View = unknown> {
  readonly #ledger: Ledger<View>;

  protected constructor(setup: LedgerSetup<View>) {
    this.#ledger = new Ledger(setup);
  }

  /** The bookkeeping matchers and the after-each verification read. */
  get [LEDGER](): Ledger<View> {
    return this.#ledger;
  }

  /** How messages name this double: its kind with the user's name (`sandbox("ci")`), or with what it serves. */
  get label(): string {
    return this.#ledger.label;
  }

  /** Throws `IncompleteScriptError` when steps are left or a call did not match the script. */
  assertComplete(): void {
    this.#ledger.assertComplete();
  }

  /** The ledger, for the double's own records and mismatches. */
  protected get ledger(): Ledger<View> {
    return this.#ledger;
  }
}

/**
 * A double's ledger setup: its kind, the user's name for it, whether the after-each verification
 * checks it, and `members` (its `pending`, `view` …). The fields are set on `members`, a literal
 * made for the call: a spread of them into a new literal took V8's slow path, about 3 µs per
 * double made (bench/README.md, issue 27).
 */
export function identity<Members extends object>(
  kind: DoubleKind,
  options: { name?: string; verify?: boolean },
  members: Members,
): Members & Pick<LedgerSetup<unknown>, 'kind' | 'name' | 'verify'> {
  const setup = members as Members & Pick<LedgerSetup<unknown>, 'kind' | 'name' | 'verify'>;
  setup.kind = kind;
  setup.name = options.name;
  setup.verify = options.verify !== false;
  return setup;
}
