import { cassette, type CassetteOptions } from '../builders/cassette/cassette';
import { model, type ModelOptions, type ModelScript } from '../builders/model/model';
import { modelProvider, type ModelProviderOptions } from '../builders/provider/modelProvider';
import type { CassetteModel } from '../fakes/cassette/CassetteModel';
import type { ProviderDouble } from '../fakes/provider/ProviderDouble';
import { sandbox, type SandboxOptions, type SandboxScript } from '../builders/sandbox/sandbox';
import { realtime, type RealtimeScript } from '../builders/realtime/realtime';
import type { RealtimeOptions } from '../fakes/realtime/RealtimeDouble';
import { ledgerOf } from '../fakes/core/ledger';
import { untrack, type Verifiable } from '../fakes/core/registry';
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
