/**
 * Which SDK made a recording: the installed `@openai/agents` version, and the model a response
 * names. Neither is public API: the package does not export its `package.json`, and the model's
 * name is in the provider's raw payload (`providerData.model`, Responses and Chat Completions
 * alike). Probed in test/sdk-coupling.test.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let cached: string | null | undefined;

/** The installed `@openai/agents` version (`0.20.0`), found from its entry's `package.json`; `undefined` when it cannot be read. */
export function sdkVersion(): string | undefined {
  if (cached === undefined) cached = readSdkVersion() ?? null;
  return cached ?? undefined;
}

function readSdkVersion(): string | undefined {
  try {
    const entry = createRequire(join(process.cwd(), 'package.json')).resolve('@openai/agents');
    for (let directory = dirname(entry); dirname(directory) !== directory; directory = dirname(directory)) {
      let text: string;
      try {
        text = readFileSync(join(directory, 'package.json'), 'utf8');
      } catch {
        continue;
      }
      const { name, version } = JSON.parse(text) as { name?: unknown; version?: unknown };
      if (name === '@openai/agents') return typeof version === 'string' ? version : undefined;
    }
  } catch {
    // Not resolvable from here: the provenance leaves the version out.
  }
  return undefined;
}

/** The model a response's raw payload names (`gpt-5.4-mini-2026-…`), or `undefined`. */
export function modelOfProviderData(providerData: unknown): string | undefined {
  const model = typeof providerData === 'object' && providerData !== null ? (providerData as { model?: unknown }).model : undefined;
  return typeof model === 'string' && model !== '' ? model : undefined;
}
