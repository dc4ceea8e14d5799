import { Agent, Runner } from '@openai/agents';
import { z } from 'zod';
import { cassette, lifecycle, mcp, mcpCassette, model, modelProvider, realtime, resume, sandbox, ScriptError, silence, sweep, tone, traces } from 'agents-testkit';
import { describe, expect, getWeather, test, thrownBy } from './support';

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

// A misspelled step option is not ignored either: `{ toolFail: true }` would leave the call's
// failure unplanned, `{ startResponses: false }` the output's check the default, with nothing said.
describe('every step refuses an option it does not take, at the step that wrote it', () => {
  // These scripts are written only to be refused, so they stay out of the after-each check.
  const quiet = () => model({ verify: false });
  const voice = () => realtime({ verify: false });
  const options = (known: string, meant?: string) => `${meant === undefined ? '' : ` Did you mean ${meant}?`} The options are ${known}.`;

  test.each([
    ['ModelCallOptions', () => quiet().replies('Hi.').calls(getWeather, { city: 'Oslo' }, { toolFail: true } as never), 'model()', 1, 'calls(): "toolFail" is not one of its options.' + options('callId, toolFails', 'toolFails')],
    ['ModelCallOptions in a turn', () => quiet().turn((t) => t.calls(getWeather, { city: 'Oslo' }, { callid: 'c1' } as never)), 'model()', 0, 'turn((t) => t.calls()): "callid" is not one of its options.' + options('callId, toolFails', 'callId')],
    ['CallOptions of model()', () => quiet().callsUnknownTool('lookup', {}, { callID: 'c1' } as never), 'model()', 0, 'callsUnknownTool(): "callID" is not one of its options.' + options('callId', 'callId')],
    ['ModelHandoffOptions', () => quiet().handsOffTo('Billing', { arg: { reason: 'x' } } as never), 'model()', 0, 'handsOffTo(): "arg" is not one of its options.' + options('callId, args', 'args')],
    ['ModelReplyOptions', () => quiet().replies('Hello', { delta: ['Hel', 'lo'] } as never), 'model()', 0, 'replies(): "delta" is not one of its options.' + options('deltas', 'deltas')],
    ['WebSearchOptions', () => quiet().searchesWeb('weather', { source: [] } as never), 'model()', 0, 'searchesWeb(): "source" is not one of its options.' + options('sources', 'sources')],
    ['FileSearchOptions', () => quiet().searchesFiles('refunds', { result: [] } as never), 'model()', 0, 'searchesFiles(): "result" is not one of its options.' + options('results', 'results')],
    ['CodeRunOptions', () => quiet().runsCode('print(1)', { output: [] } as never), 'model()', 0, 'runsCode(): "output" is not one of its options.' + options('outputs', 'outputs')],
    ['ImageGenerationOptions', () => quiet().generatesImage({ promt: 'a cat' } as never), 'model()', 0, 'generatesImage(): "promt" is not one of its options.' + options('result, prompt', 'prompt')],
    ['HostedMcpCallOptions', () => quiet().callsHostedMcp('files', 'read', {}, { ouput: 'x' } as never), 'model()', 0, 'callsHostedMcp(): "ouput" is not one of its options.' + options('output, error', 'output')],
    ['RealtimeCallOptions', () => voice().emitToolCall(getWeather, { city: 'Oslo' }, { callid: 'c1' } as never), 'realtime()', 0, 'emitToolCall(): "callid" is not one of its options.' + options('callId, responseId, itemId', 'callId')],
    ['ToolOutputOptions', () => voice().emitToolCall(getWeather, { city: 'Oslo' }).expectToolOutput(getWeather, undefined, { startResponses: false } as never), 'realtime()', 1, 'expectToolOutput(): "startResponses" is not one of its options.' + options('callId, startResponse', 'startResponse')],
    ['CallOptions of realtime()', () => voice().emitUnknownToolCall('lookup').expectToolNotFound('lookup', { callid: 'call_1' } as never), 'realtime()', 1, 'expectToolNotFound(): "callid" is not one of its options.' + options('callId', 'callId')],
    ['TextReplyOptions', () => voice().emitTextReply('Hi.', { don: false } as never), 'realtime()', 0, 'emitTextReply(): "don" is not one of its options.' + options('deltas, itemId, responseId, done', 'done')],
    ['AudioReplyOptions', () => voice().emitAudioReply('Hi.', { audo: 100 } as never), 'realtime()', 0, 'emitAudioReply(): "audo" is not one of its options.' + options('deltas, itemId, responseId, audio', 'audio')],
    ['GuardrailTripOptions', () => voice().emitTextReply('Hi.').expectGuardrailTrip('pii', { stop: 'cancel' } as never), 'realtime()', 1, 'expectGuardrailTrip(): "stop" is not one of its options.' + options('stops, responseId', 'stops')],
    ['ResponseOptions', () => voice().emitResponse((r) => r.text('Hi.'), { responseID: 'r1' } as never), 'realtime()', 0, 'emitResponse(): "responseID" is not one of its options.' + options('responseId', 'responseId')],
    ['ResponseTextOptions', () => voice().emitResponse((r) => r.text('Hi.', { delta: ['Hi.'] } as never)), 'realtime()', 0, 'emitResponse((r) => r.text()): "delta" is not one of its options.' + options('itemId, deltas', 'deltas')],
    ['ResponseAudioOptions', () => voice().emitResponse((r) => r.audio('Hi.', { audo: 100 } as never)), 'realtime()', 0, 'emitResponse((r) => r.audio()): "audo" is not one of its options.' + options('itemId, deltas, audio', 'audio')],
    ['ResponseCallOptions', () => voice().emitResponse((r) => r.toolCall(getWeather, { city: 'Oslo' }, { callID: 'c1' } as never)), 'realtime()', 0, 'emitResponse((r) => r.toolCall()): "callID" is not one of its options.' + options('itemId, callId', 'callId')],
    ['McpCallOptions', () => voice().emitMcpCall('read_file', {}, { outptu: 'text' } as never), 'realtime()', 0, 'emitMcpCall(): "outptu" is not one of its options.' + options('output, itemId', 'output')],
    ['McpApprovalRequestOptions', () => voice().emitMcpApprovalRequest('files', 'read_file', {}, { itemID: 'i1' } as never), 'realtime()', 0, 'emitMcpApprovalRequest(): "itemID" is not one of its options.' + options('itemId', 'itemId')],
    ['UserItemOptions', () => voice().emitUserMessage('Hi.', { item: 'i1' } as never), 'realtime()', 0, 'emitUserMessage(): "item" is not one of its options.' + options('itemId', 'itemId')],
    ['AudioTarget', () => voice().expectAudio({ ms: 200, comit: true } as never), 'realtime()', 0, 'expectAudio(): "comit" is not one of its options.' + options('ms, bytes, commit', 'commit')],
  ])('%s', (_type, write, double, stepIndex, problem) => {
    const error = thrownBy(write);
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'unknown_option', double, stepIndex, message: `${double} step ${stepIndex + 1}, ${problem}` });
  });

  test.each([
    ['AudioOptions', () => silence(100, { samplerate: 16_000 } as never), 'silence(): "samplerate" is not one of its options.' + options('sampleRate', 'sampleRate')],
    ['ToneOptions', () => tone(100, { frequncy: 300 } as never), 'tone(): "frequncy" is not one of its options.' + options('sampleRate, frequency, amplitude', 'frequency')],
  ])('the audio helpers refuse an unknown option too: %s', (_type, write, message) => {
    const error = thrownBy(write);
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'unknown_option', message });
  });

  // These were ignored (searchesWeb, searchesFiles, runsCode) or threw a TypeError (emitUserMessage, emitUserTranscript).
  test.each([
    ['searchesWeb', () => quiet().searchesWeb('weather', 'x' as never), 'model() step 1, searchesWeb(): expected { sources? }; got the string "x".'],
    ['searchesFiles', () => quiet().searchesFiles('refunds', 5 as never), 'model() step 1, searchesFiles(): expected { results? }; got number 5.'],
    ['runsCode', () => quiet().runsCode('print(1)', true as never), 'model() step 1, runsCode(): expected { outputs? }; got boolean true.'],
    ['emitUserMessage', () => voice().emitUserMessage('Hi.', null as never), 'realtime() step 1, emitUserMessage(): expected { itemId? }; got null.'],
    ['emitUserTranscript', () => voice().emitUserTranscript('Hi.', 'i1' as never), 'realtime() step 1, emitUserTranscript(): expected { itemId? }; got the string "i1".'],
  ])('%s refuses options that are not an object', (_verb, write, message) => {
    const error = thrownBy(write);
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({ reason: 'invalid_option', stepIndex: 0, message });
  });

  test('every option a step documents is taken, and options left undefined are', () => {
    expect(() =>
      quiet()
        .calls(getWeather, { city: 'Oslo' }, { callId: 'c1', toolFails: true })
        .callsUnknownTool('lookup', {}, { callId: 'c2' })
        .handsOffTo('Billing', { callId: 'c3', args: { reason: 'x' } })
        .replies('Hello', { deltas: ['Hel', 'lo'] })
        .replies('Hi.', undefined)
        .searchesWeb('weather', { sources: [] })
        .searchesFiles('refunds', { results: [] })
        .runsCode('print(1)', { outputs: [] })
        .generatesImage({ result: 'aGk=', prompt: 'a cat' })
        .callsHostedMcp('files', 'read', {}, { output: 'x', error: 'y' }),
    ).not.toThrow();
    expect(() =>
      voice()
        .emitToolCall(getWeather, { city: 'Oslo' }, { callId: 'c1', responseId: 'r1', itemId: 'i1' })
        .expectToolOutput(getWeather, undefined, { callId: 'c1', startResponse: true })
        .emitUnknownToolCall('lookup', {}, undefined)
        .expectToolNotFound('lookup', { callId: 'call_1' })
        .emitTextReply('Hi.', { deltas: ['Hi.'], itemId: 'i2', responseId: 'r2', done: true })
        .emitAudioReply('Hi.', { deltas: ['Hi.'], itemId: 'i3', responseId: 'r3', audio: 100 })
        .expectGuardrailTrip('pii', { stops: 'interrupt', responseId: 'r3' })
        .emitResponse((r) => r.text('Hi.', { itemId: 'i4', deltas: ['Hi.'] }).audio('Hi.', { itemId: 'i5', deltas: ['Hi.'], audio: 100 }).toolCall(getWeather, { city: 'Oslo' }, { itemId: 'i6', callId: 'c2' }), { responseId: 'r4' })
        .emitMcpCall('read_file', {}, { output: 'text', itemId: 'i7' })
        .emitMcpApprovalRequest('files', 'read_file', {}, { itemId: 'i8' })
        .emitUserMessage('Hi.', { itemId: 'i9' })
        .emitUserTranscript('Hi.', { itemId: 'i10' })
        .expectAudio({ ms: 200, bytes: undefined, commit: true }),
    ).not.toThrow();
    expect(() => [silence(100, { sampleRate: 16_000 }), tone(100, { sampleRate: 16_000, frequency: 300, amplitude: 0.2 })]).not.toThrow();
  });
});

describe('options inside options, and the other helpers, refuse a key they do not take', () => {
  test("cassette({ redact }) takes request and response hooks: a misspelled one would leave the user's own redaction unrun", () => {
    const error = thrownBy(() => cassette('test/fixtures/weather.json', { redact: { requset: (request: unknown) => request } } as never));
    expect(error).toBeInstanceOf(ScriptError);
    expect(error).toMatchObject({
      reason: 'unknown_option',
      message: 'cassette("test/fixtures/weather.json"): redact: "requset" is not one of its options. Did you mean request? The options are request, response.',
    });
  });

  test('sweep() options', async () => {
    await expect(sweep(async () => undefined, { onyl: 'tool get_weather fails' } as never)).rejects.toThrow(
      new TypeError('sweep(): "onyl" is not one of its options. Did you mean only? The options are only, kinds, timeoutMs.'),
    );
  });

  test("a trace's tree() options", () => {
    const trace = traces();
    expect(() => trace.tree({ al: true } as never)).toThrow(new TypeError('tree(): "al" is not one of its options. Did you mean all? The options are all.'));
  });
});
