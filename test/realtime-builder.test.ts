import type { RealtimeTransportLayer } from '@openai/agents/realtime';
import { RealtimeAgent } from '@openai/agents/realtime';
import { realtime, ScriptError } from 'agents-testkit';
import { expect, lookupOrder, test, thrownBy } from './support';

// What a refusal says and why (`reason`, `stepIndex`, `double`): each is part of the contract.
const misuse = (write: () => unknown) => {
  const error = thrownBy(write);
  expect(error).toBeInstanceOf(ScriptError);
  const { reason, stepIndex, double, message } = error as ScriptError;
  return { reason, stepIndex, double, message };
};

test('the script is a RealtimeTransportLayer without a cast', () => {
  const transport: RealtimeTransportLayer = realtime({ verify: false });
  expect(typeof transport.sendMessage).toBe('function');
});

test('an unknown method is refused where it is written, with a suggestion', () => {
  // @ts-expect-error not a transport method
  const error = misuse(() => realtime({ name: 'support', verify: false }).expect('sendMessage').expect('sendMesage'));
  expect(error).toMatchObject({ reason: 'invalid_method', stepIndex: 1, double: 'realtime("support")' });
  expect(error.message).toMatchSnapshot();
});

test('patterns are typed by method and checked when written', () => {
  const rt = realtime({ verify: false });
  rt.expect('sendMessage', { message: 'Hi' }).expect('sendFunctionCallOutput', { output: 'x', toolCall: { name: 'lookup_order' } });
  rt.expect('mute', (call) => call.muted);
  // @ts-expect-error sendMessage has no "output"
  rt.expect('sendMessage', { output: 'Hi' });
  // @ts-expect-error a pattern is an object or a predicate
  expect(misuse(() => rt.expect('sendMessage', 'Hi'))).toMatchSnapshot();
});

test('fails() needs an expect step before it, an error, and comes once', () => {
  expect(misuse(() => realtime().fails(new Error('x')))).toMatchSnapshot();
  expect(misuse(() => realtime({ verify: false }).emitInterruption().fails(new Error('x')))).toMatchSnapshot();
  expect(misuse(() => realtime({ verify: false }).expect('close').fails(undefined))).toMatchSnapshot();
  expect(misuse(() => realtime({ verify: false }).expect('close').fails(new Error('a')).fails(new Error('b')))).toMatchSnapshot();
});

test('events the session needs in a shape are checked when written', () => {
  expect(misuse(() => realtime().emit('' as never))).toMatchSnapshot();
  // @ts-expect-error function_call events carry name, callId, arguments and responseId
  expect(misuse(() => realtime().emit('function_call', { type: 'function_call', name: 'lookup_order' }))).toMatchSnapshot();
  expect(misuse(() => realtime().emit('item_deleted', { itemId: '' }))).toMatchSnapshot();
});

test('high-level steps check their input', () => {
  expect(misuse(() => realtime().emitToolCall(''))).toMatchSnapshot();
  // @ts-expect-error arguments are an object
  expect(misuse(() => realtime().emitToolCall('lookup_order', 5))).toMatchSnapshot();
  expect(misuse(() => realtime().expectToolOutput(lookupOrder))).toMatchSnapshot();
  expect(misuse(() => realtime().reemitToolCall())).toMatchSnapshot();
  expect(misuse(() => realtime().expectHandoff(new RealtimeAgent({ name: 'Billing' })))).toMatchSnapshot();
  // @ts-expect-error the reply is text
  expect(misuse(() => realtime().emitTextReply(5))).toMatchSnapshot();
  expect(misuse(() => realtime().emitTextReply('Hello there', { deltas: ['Hello', 'there'] }))).toMatchSnapshot();
  // @ts-expect-error audio is a buffer, buffers or a duration
  expect(misuse(() => realtime().emitAudioReply('Hi', { audio: 'loud' }))).toMatchSnapshot();
  expect(misuse(() => realtime().expectAudio({ ms: 100, bytes: 10 }))).toMatchSnapshot();
  // @ts-expect-error stops is one of three
  expect(misuse(() => realtime().expectGuardrailTrip('x', { stops: 'halt' }))).toMatchSnapshot();
  // @ts-expect-error usage is an object
  expect(misuse(() => realtime().emitUsage(5))).toMatchSnapshot();
});

test('options are checked', () => {
  expect(misuse(() => realtime({ timeoutMs: 0 }))).toMatchSnapshot();
  // @ts-expect-error strict is a boolean
  expect(misuse(() => realtime({ strict: 'yes' }))).toMatchSnapshot();
  expect(misuse(() => realtime({ name: '' }))).toMatchSnapshot();
});

test('every step reads in script terms, numbered from 1', () => {
  const rt = realtime({ verify: false })
    .expect('sendMessage', { message: 'Hi' })
    .expect('mute', function isMuting(call) {
      return call.muted;
    })
    .expect('connect')
    .fails(new Error('401'))
    .emit('audio_done')
    .emitToolCall(lookupOrder, { orderId: 'A' })
    .expectToolOutput(lookupOrder, 'done')
    .reemitToolCall()
    .emitHandoff('Billing')
    .emitTextReply('Hello', { done: false })
    .emitAudioReply('Hi', { audio: 300 })
    .emitUserMessage('Hey')
    .emitUserTranscript('Hey there')
    .emitInterruption()
    .emitUsage({ inputTokens: 3 })
    .emitDisconnect(new Error('gone'))
    .expectAudio({ ms: 20, commit: true })
    .expectToolRejection(lookupOrder)
    .expectGuardrailTrip('no_secrets', { stops: 'cancel' });
  expect(rt.remainingSteps).toBe(19);
  expect(thrownBy(() => rt.assertComplete())).toMatchSnapshot();
});

test('every other refusal of a step names its reason and what it expected', () => {
  const bad = {
    'expect(): an unknown method, not a string': () => realtime().expect(5 as never),
    'expectAudio(): not an object': () => realtime().expectAudio(5 as never),
    'expectAudio(): ms below 0': () => realtime().expectAudio({ ms: -1 }),
    'expectAudio(): bytes not a number': () => realtime().expectAudio({ bytes: '10' as never }),
    'expectAudio(): ms infinite': () => realtime().expectAudio({ ms: Number.POSITIVE_INFINITY }),
    'expectAudio(): commit not a boolean': () => realtime().expectAudio({ commit: 'yes' as never }),
    'expectGuardrailTrip(): an empty name': () => realtime().expectGuardrailTrip(''),
    'expectGuardrailTrip(): a name that is not a string': () => realtime().expectGuardrailTrip(5 as never),
    'emitUserMessage(): not text': () => realtime().emitUserMessage(5 as never),
    'emitUserTranscript(): not text': () => realtime().emitUserTranscript(null as never),
    'emitUserMessage(): an empty item id': () => realtime().emitUserMessage('Hi', { itemId: '' }),
    'emitTextReply(): options not an object': () => realtime().emitTextReply('Hi', 5 as never),
    'emitTextReply(): deltas not strings': () => realtime().emitTextReply('Hi', { deltas: ['H', 5] as never }),
    'emitTextReply(): an empty response id': () => realtime().emitTextReply('Hi', { responseId: '' } as never),
    'emitAudioReply(): a duration of 0': () => realtime().emitAudioReply('Hi', { audio: 0 }),
    'emitAudioReply(): an empty response id': () => realtime().emitAudioReply('Hi', { responseId: '' } as never),
    'emitAudioReply(): no buffers': () => realtime().emitAudioReply('Hi', { audio: [] }),
    'emitUsage(): null': () => realtime().emitUsage(null as never),
    'expectToolOutput(): an output that is a number': () => realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, 5 as never),
    'expectHandoff(): a name with no emitHandoff before': () => realtime().expectHandoff('Billing'),
    'emit(): item_update without a type': () => realtime().emit('item_update', { itemId: 'i1' } as never),
    'emit(): an event payload that is not an object': () => realtime().emit('item_update', 5 as never),
    'realtime(): options not an object': () => realtime(5 as never),
    'realtime(): a name that is not a string': () => realtime({ name: 5 as never }),
    'realtime(): an infinite timeout': () => realtime({ timeoutMs: Number.POSITIVE_INFINITY }),
    'realtime(): a timeout that is not a number': () => realtime({ timeoutMs: '5' as never }),
  };
  const refusals = Object.fromEntries(Object.entries(bad).map(([name, write]) => [name, misuse(write)]));
  expect(refusals).toMatchSnapshot();
});
