import type { RealtimeTransportLayer } from '@openai/agents/realtime';
import { RealtimeAgent } from '@openai/agents/realtime';
import { realtime, ScriptError } from 'agents-testkit';
import { expect, lookupOrder, test, thrownBy } from './support';

const misuse = (write: () => unknown) => {
  const error = thrownBy(write);
  expect(error).toBeInstanceOf(ScriptError);
  return error as ScriptError;
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
  expect(misuse(() => rt.expect('sendMessage', 'Hi')).message).toMatchSnapshot();
});

test('fails() needs an expect step before it, an error, and comes once', () => {
  expect(misuse(() => realtime().fails(new Error('x'))).message).toMatchSnapshot();
  expect(misuse(() => realtime({ verify: false }).emitInterruption().fails(new Error('x'))).message).toMatchSnapshot();
  expect(misuse(() => realtime({ verify: false }).expect('close').fails(undefined)).message).toMatchSnapshot();
  expect(misuse(() => realtime({ verify: false }).expect('close').fails(new Error('a')).fails(new Error('b'))).message).toMatchSnapshot();
});

test('events the session needs in a shape are checked when written', () => {
  expect(misuse(() => realtime().emit('' as never)).message).toMatchSnapshot();
  // @ts-expect-error function_call events carry name, callId, arguments and responseId
  expect(misuse(() => realtime().emit('function_call', { type: 'function_call', name: 'lookup_order' })).message).toMatchSnapshot();
  expect(misuse(() => realtime().emit('item_deleted', { itemId: '' })).message).toMatchSnapshot();
});

test('high-level steps check their input', () => {
  expect(misuse(() => realtime().emitToolCall('')).message).toMatchSnapshot();
  // @ts-expect-error arguments are an object
  expect(misuse(() => realtime().emitToolCall('lookup_order', 5)).message).toMatchSnapshot();
  expect(misuse(() => realtime().expectToolOutput(lookupOrder)).message).toMatchSnapshot();
  expect(misuse(() => realtime().reemitToolCall()).message).toMatchSnapshot();
  expect(misuse(() => realtime().expectHandoff(new RealtimeAgent({ name: 'Billing' }))).message).toMatchSnapshot();
  // @ts-expect-error the reply is text
  expect(misuse(() => realtime().emitTextReply(5)).message).toMatchSnapshot();
  expect(misuse(() => realtime().emitTextReply('Hello there', { deltas: ['Hello', 'there'] })).message).toMatchSnapshot();
  // @ts-expect-error audio is a buffer, buffers or a duration
  expect(misuse(() => realtime().emitAudioReply('Hi', { audio: 'loud' })).message).toMatchSnapshot();
  expect(misuse(() => realtime().expectAudio({ ms: 100, bytes: 10 })).message).toMatchSnapshot();
  // @ts-expect-error stops is one of three
  expect(misuse(() => realtime().expectGuardrailTrip('x', { stops: 'halt' })).message).toMatchSnapshot();
  // @ts-expect-error usage is an object
  expect(misuse(() => realtime().emitUsage(5)).message).toMatchSnapshot();
});

test('options are checked', () => {
  expect(misuse(() => realtime({ timeoutMs: 0 })).message).toMatchSnapshot();
  // @ts-expect-error strict is a boolean
  expect(misuse(() => realtime({ strict: 'yes' })).message).toMatchSnapshot();
  expect(misuse(() => realtime({ name: '' })).message).toMatchSnapshot();
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
  expect(thrownBy(() => rt.assertComplete()).message).toMatchSnapshot();
});
