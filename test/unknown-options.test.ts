import { Agent, Runner } from '@openai/agents';
import { z } from 'zod';
import { cassette, lifecycle, mcp, mcpCassette, model, modelProvider, realtime, resume, sandbox, ScriptError, traces } from 'agents-testkit';
import { describe, expect, test, thrownBy } from './support';

// A misspelled option is not ignored: `redcat` would leave a cassette's secrets unredacted, and
// `stirct` a Realtime script lenient, with nothing said.
describe('every builder refuses an option it does not take, naming the one meant', () => {
  const agent = new Agent({ name: 'Support', instructions: 'Answer.' });

  test.each([
    ['model()', () => model({ verfy: false } as never), '"verfy" is not one of its options. Did you mean verify? The options are name, verify, timeoutMs, callIdPrefix.'],
    ['sandbox()', () => sandbox({ suports: ['pathExists'] } as never), '"suports" is not one of its options. Did you mean supports? The options are name, verify, supports, files, timeoutMs.'],
    ['realtime()', () => realtime({ stirct: true } as never), '"stirct" is not one of its options. Did you mean strict? The options are name, verify, strict, timeoutMs.'],
    [
      'mcp("files")',
      () => mcp({ name: 'files', tools: { read_file: z.object({ path: z.string() }) }, requireConect: true } as never),
      '"requireConect" is not one of its options. Did you mean requireConnect? The options are name, verify, tools, requireConnect, timeoutMs, cacheToolsList, toolFilter, useStructuredContent, errorFunction, toolMetaResolver.',
    ],
    ['cassette("test/fixtures/weather.json")', () => cassette('test/fixtures/weather.json', { redcat: { headers: [] } } as never), '"redcat" is not one of its options. Did you mean redact? The options are name, verify, mode, model, redact, ignore, conversation.'],
    ['mcpCassette("test/fixtures/files.json")', () => mcpCassette('test/fixtures/files.json', { sever: () => undefined } as never), '"sever" is not one of its options. Did you mean server? The options are name, verify, mode, server, conversation, toolFilter, errorFunction.'],
    ['modelProvider()', () => modelProvider({ agents: { Support: model({ verify: false }).replies('Hi.') }, model: {} } as never), '"model" is not one of its options. Did you mean models? The options are agents, models, name, verify.'],
    ['lifecycle()', () => lifecycle(agent, { nmae: 'support' } as never), '"nmae" is not one of its options. Did you mean name? The options are name, verify.'],
    ['traces()', () => traces({ label: 'checkout' } as never), '"label" is not one of its options. The options are name.'],
  ])('%s', (double, build, problem) => {
    const error = thrownBy(build);
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'unknown_option', double, message: `${double}: ${problem}` });
  });

  test("modelProvider's add() takes routes only: a misspelled route key is refused, and so are the provider's own options", () => {
    const provider = modelProvider({ agents: { Support: model().replies('Hi.').optional() } });
    const misspelled = thrownBy(() => provider.add({ agent: { Billing: model({ verify: false }).replies('Paid.') } } as never));
    expect(misspelled).toBeInstanceOf(ScriptError);
    expect(misspelled).toMatchObject({
      reason: 'unknown_option',
      double: 'modelProvider()',
      message: 'modelProvider(): "agent" is not one of its options. Did you mean agents? The options are agents, models.',
    });
    expect(thrownBy(() => provider.add({ name: 'again' } as never))).toMatchObject({
      reason: 'unknown_option',
      message: 'modelProvider(): "name" is not one of its options. The options are agents, models.',
    });
  });

  test('resume() refuses an unknown option and a runner that is not a Runner, before it restores anything', async () => {
    await expect(resume(agent, '{}', {}, { runer: new Runner() } as never)).rejects.toMatchObject({
      reason: 'unknown_option',
      double: 'resume()',
      message: 'resume(): "runer" is not one of its options. Did you mean runner? The options are name, verify, runner.',
    });
    await expect(resume(agent, '{}', {}, { runner: {} as Runner })).rejects.toMatchObject({
      reason: 'invalid_option',
      message: 'resume(): runner is the Runner to resume with, like new Runner({ modelProvider }); got an object ({}).',
    });
  });

  test('every option a builder documents is taken', () => {
    expect(() => model({ name: 'support', verify: false, timeoutMs: 100, callIdPrefix: 'call_' })).not.toThrow();
    expect(() => sandbox({ name: 'ci', verify: false, supports: ['pathExists'], files: { 'a.md': '# A' }, timeoutMs: 100 })).not.toThrow();
    expect(() => realtime({ name: 'voice', verify: false, strict: true, timeoutMs: 100 })).not.toThrow();
    expect(() => lifecycle(agent, { name: 'support', verify: false })).not.toThrow();
    expect(() => modelProvider({ agents: { Support: model({ verify: false }).replies('Hi.') }, models: {}, name: 'app', verify: false })).not.toThrow();
  });
});
