import { cassette, type CassetteOptions } from '../builders/cassette';
import { model, type ModelOptions, type ModelScript } from '../builders/model';
import { modelProvider, type ModelProviderOptions } from '../builders/modelProvider';
import type { CassetteModel } from '../fakes/CassetteModel';
import type { ProviderDouble } from '../fakes/ProviderDouble';
import { sandbox, type SandboxOptions, type SandboxScript } from '../builders/sandbox';
import { realtime, type RealtimeScript } from '../builders/realtime';
import type { RealtimeOptions } from '../fakes/RealtimeDouble';
import { ledgerOf } from '../fakes/ledger';
import { untrack, type Verifiable } from '../fakes/registry';
import { verify } from './install';

/** Builders whose doubles belong to one test, for fixtures of concurrent tests. */
export interface Kit {
  model(options?: ModelOptions): ModelScript;
  cassette(path: string | URL, options?: CassetteOptions): CassetteModel;
  modelProvider(options: ModelProviderOptions): ProviderDouble;
  sandbox(options?: SandboxOptions): SandboxScript;
  realtime(options?: RealtimeOptions): RealtimeScript;
  /** Verifies this kit's doubles; the fixture calls it when its test ends. */
  verify(): void;
}

export function createKit(): Kit {
  const owned: Verifiable[] = [];
  const adopt = <T extends object>(double: T, options: { verify?: boolean } | undefined): T => {
    const ledger = ledgerOf(double) as Verifiable;
    untrack(ledger);
    if (options?.verify !== false) owned.push(ledger);
    return double;
  };
  return {
    model: (options) => adopt(model(options), options),
    cassette: (path, options) => adopt(cassette(path, options), options),
    modelProvider: (options) => adopt(modelProvider(options), options),
    sandbox: (options) => adopt(sandbox(options), options),
    realtime: (options) => adopt(realtime(options), options),
    verify: () => verify(owned.splice(0), 'when the test ended'),
  };
}
