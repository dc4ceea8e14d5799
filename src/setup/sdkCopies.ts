import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { SdkCopy } from '../fakes/offline/offlineGuard';

/**
 * The copies of the SDK a test file loaded besides `own`, the one this build of the kit imports: the
 * SDK's ES module and CommonJS builds are two copies, each with its own default provider and runner,
 * and one test file may hold both. Jest 29's native ESM loads the kit's CommonJS setup build (with
 * the CommonJS SDK) while the test file imports the ES module copy; under Jest 30's native ESM the
 * kit's ES module setup build runs, and a CommonJS module the test file loads (an app compiled to
 * CommonJS) requires the CommonJS copy. Read once the test file has loaded (the kit's `beforeAll`).
 */
export async function otherSdkCopiesOfTheTestFile(own: SdkCopy, importSdk?: () => Promise<unknown>): Promise<SdkCopy[]> {
  const found: SdkCopy[] = [];
  for (const copy of [await importedSdk(importSdk), requiredSdk()]) {
    if (copy === undefined || copy.setDefaultModelProvider === own.setDefaultModelProvider) continue;
    if (!found.some((other) => other.setDefaultModelProvider === copy.setDefaultModelProvider)) found.push(copy);
  }
  return found;
}

/** The CommonJS copy the test file has required by now, when it is not `own`: found without waiting. */
export function requiredSdkCopyOtherThan(own: SdkCopy): SdkCopy | undefined {
  const copy = requiredSdk();
  return copy === undefined || copy.setDefaultModelProvider === own.setDefaultModelProvider ? undefined : copy;
}

/**
 * The ES module copy, as the test file imports it, when the runner can import ES modules from here.
 * The `import()` is written in a direct `eval`: the CJS build would turn a literal one into
 * `require()`, and Jest's module loader only hears an `import()` made by code of the module it
 * loaded (one made in `new Function` reaches no loader; a probe in consumers/jest-esm showed it).
 * Where `import()` is unavailable (Jest without `--experimental-vm-modules`, which then loads one
 * copy only), this is `undefined`. `importSdk`, where the runner gives one, imports as the test file
 * does (Vitest's `vi.importActual`: a config that inlines the SDK hands the test file a copy of its own).
 */
async function importedSdk(importSdk?: () => Promise<unknown>): Promise<SdkCopy | undefined> {
  try {
    // eslint-disable-next-line no-eval
    const loaded: unknown = await (importSdk ?? (() => eval('import("@openai/agents")')))();
    return isSdkCopy(loaded) ? loaded : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CommonJS copy, only when a module already required it: `require.cache` says so without
 * loading it (Jest's `require` keeps one per test file, Node's one per process). Resolved from the
 * project, as the app resolves it.
 */
function requiredSdk(): SdkCopy | undefined {
  try {
    const require = createRequire(join(process.cwd(), 'package.json'));
    const entry = require.resolve('@openai/agents');
    if (!(entry in require.cache)) return undefined;
    const loaded: unknown = require(entry);
    return isSdkCopy(loaded) ? loaded : undefined;
  } catch {
    return undefined;
  }
}

function isSdkCopy(value: unknown): value is SdkCopy {
  if (typeof value !== 'object' || value === null) return false;
  const sdk = value as Partial<Record<keyof SdkCopy, unknown>>;
  return (['setDefaultModelProvider', 'setTracingDisabled', 'getCurrentSpan', 'OpenAIProvider', 'Runner', 'Agent', 'run'] as const).every(
    (name) => typeof sdk[name] === 'function',
  );
}
