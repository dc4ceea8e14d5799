import { Usage } from '@openai/agents';
import type { RealtimeTransportLayer } from '@openai/agents/realtime';
import { RealtimeAgent } from '@openai/agents/realtime';
import { realtime, ScriptError } from 'agents-testkit';
import { expect, failureOf, lookupOrder, test, thrownBy } from './support';

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
  const refused = misuse(() => rt.expect('sendMessage', 'Hi'));
  expect(refused).toMatchObject({ reason: 'invalid_pattern', stepIndex: 4 });
  expect(refused).toMatchSnapshot();
});

test('fails() needs an expect step before it, an error, and comes once', () => {
  const refusals = [
    misuse(() => realtime().fails(new Error('x'))),
    misuse(() => realtime({ verify: false }).emitInterruption().fails(new Error('x'))),
    misuse(() => realtime({ verify: false }).expect('close').fails(undefined)),
    misuse(() => realtime({ verify: false }).expect('close').fails(new Error('a')).fails(new Error('b'))),
  ];
  expect(refusals.map(({ reason, stepIndex }) => [reason, stepIndex])).toEqual([
    ['nothing_to_fail', 0],
    ['nothing_to_fail', 0],
    ['missing_error', 1],
    ['already_failing', 0],
  ]);
  for (const refusal of refusals) expect(refusal).toMatchSnapshot();
});

test('events the session needs in a shape are checked when written', () => {
  const refusals = [
    misuse(() => realtime().emit('' as never)),
    // @ts-expect-error function_call events carry name, callId, arguments and responseId
    misuse(() => realtime().emit('function_call', { type: 'function_call', name: 'lookup_order' })),
    misuse(() => realtime().emit('item_deleted', { itemId: '' })),
    misuse(() => realtime().emit('function_call', { type: 'function_call', name: 'lookup_order', callId: '', arguments: '{}', responseId: 'r1' })),
  ];
  expect(refusals.map(({ reason, stepIndex }) => [reason, stepIndex])).toEqual([
    ['invalid_event', 0],
    ['invalid_event', 0],
    ['invalid_event', 0],
    ['invalid_event', 0],
  ]);
  for (const refusal of refusals) expect(refusal).toMatchSnapshot();
});

test('high-level steps check their input', () => {
  const refusals = [
    misuse(() => realtime().emitToolCall('')),
    // @ts-expect-error arguments are an object
    misuse(() => realtime().emitToolCall('lookup_order', 5)),
    misuse(() => realtime().expectToolOutput(lookupOrder)),
    misuse(() => realtime().reemitToolCall()),
    misuse(() => realtime().expectHandoff(new RealtimeAgent({ name: 'Billing' }))),
    // @ts-expect-error the reply is text
    misuse(() => realtime().emitTextReply(5)),
    misuse(() => realtime().emitTextReply('Hello there', { deltas: ['Hello', 'there'] })),
    // @ts-expect-error audio is a buffer, buffers or a duration
    misuse(() => realtime().emitAudioReply('Hi', { audio: 'loud' })),
    misuse(() => realtime().expectAudio({ ms: 100, bytes: 10 })),
    // @ts-expect-error stops is one of three
    misuse(() => realtime().expectGuardrailTrip('x', { stops: 'halt' })),
    // @ts-expect-error usage is an object
    misuse(() => realtime().emitUsage(5)),
  ];
  expect(refusals.map(({ reason }) => reason)).toEqual([
    'empty_tool_name',
    'invalid_arguments',
    'no_tool_call',
    'no_tool_call',
    'no_tool_call',
    'invalid_text',
    'invalid_option',
    'invalid_audio',
    'invalid_audio',
    'invalid_option',
    'invalid_usage',
  ]);
  for (const refusal of refusals) expect(refusal).toMatchSnapshot();
});

test('options are checked', () => {
  const refusals = [
    misuse(() => realtime({ timeoutMs: 0 })),
    // @ts-expect-error strict is a boolean
    misuse(() => realtime({ strict: 'yes' })),
    misuse(() => realtime({ name: '' })),
    // @ts-expect-error verify is a boolean
    misuse(() => realtime({ verify: 'no' })),
  ];
  expect(refusals.map(({ reason, stepIndex, double }) => [reason, stepIndex, double])).toEqual([
    ['invalid_option', undefined, 'realtime()'],
    ['invalid_option', undefined, 'realtime()'],
    ['invalid_option', undefined, 'realtime()'],
    ['invalid_option', undefined, 'realtime()'],
  ]);
  for (const refusal of refusals) expect(refusal).toMatchSnapshot();
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

test('a predicate step shows the function by its name, and an anonymous one as "predicate"', () => {
  const rt = realtime({ verify: false })
    .expect('sendMessage', function saysHello() {
      return true;
    })
    .expect('sendMessage', Object.defineProperty(() => true, 'name', { value: '' }));
  const pending = thrownBy(() => rt.assertComplete()).message;
  expect(pending).toContain("1. expect('sendMessage', saysHello)\n");
  expect(pending).toContain("2. expect('sendMessage', predicate)\n");
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
    'realtime(): a timeout no timer can honour': () => realtime({ timeoutMs: 2 ** 31 }),
    'expectToolOutput(): startResponse not a boolean': () => realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolOutput(lookupOrder, 'x', { startResponse: 'yes' as never }),
    'expectToolRejection(): a message that is not text': () => realtime({ verify: false }).emitToolCall(lookupOrder, { orderId: 'A' }).expectToolRejection(lookupOrder, 5 as never),
    'expectToolNotFound(): no call before it': () => realtime().expectToolNotFound('missing'),
    'expectMcpApproval(): no request before it': () => realtime().expectMcpApproval(),
    'expectSessionError(): not a session': () => realtime().expectSessionError({} as never),
    'expectSessionError(): a match that is a number': () => realtime().expectSessionError({ on: () => undefined }, 5 as never),
    'expectSessionError(): a match that is null': () => realtime().expectSessionError(null as never),
    'expectSessionError(): a match, then the session': () => realtime().expectSessionError('rate limited' as never, { on: () => undefined } as never),
    'emitResponse(): no callback': () => realtime().emitResponse(5 as never),
    'emitResponse(): no items': () => realtime().emitResponse(() => undefined),
    'emitResponse(): a text item that is not text': () => realtime().emitResponse((r) => r.text(5 as never)),
    'emitItemDeleted(): an empty item id': () => realtime().emitItemDeleted(''),
    'emitError(): no error': () => realtime().emitError(undefined),
    'emitMcpApprovalRequest(): arguments that are not an object': () => realtime().emitMcpApprovalRequest('docs', 'search', 5 as never),
    'evenIfClosed(): no emit step before it': () => realtime({ verify: false }).expect('close').evenIfClosed(),
  };
  const refusals = Object.fromEntries(Object.entries(bad).map(([name, write]) => [name, misuse(write)]));
  expect(Object.fromEntries(Object.entries(refusals).map(([name, refusal]) => [name, [refusal.reason, refusal.stepIndex]]))).toEqual({
    'expect(): an unknown method, not a string': ['invalid_method', 0],
    'expectAudio(): not an object': ['invalid_audio', 0],
    'expectAudio(): ms below 0': ['invalid_audio', 0],
    'expectAudio(): bytes not a number': ['invalid_audio', 0],
    'expectAudio(): ms infinite': ['invalid_audio', 0],
    'expectAudio(): commit not a boolean': ['invalid_audio', 0],
    'expectGuardrailTrip(): an empty name': ['invalid_name', 0],
    'expectGuardrailTrip(): a name that is not a string': ['invalid_name', 0],
    'emitUserMessage(): not text': ['invalid_text', 0],
    'emitUserTranscript(): not text': ['invalid_text', 0],
    'emitUserMessage(): an empty item id': ['invalid_id', 0],
    'emitTextReply(): options not an object': ['invalid_option', 0],
    'emitTextReply(): deltas not strings': ['invalid_option', 0],
    'emitTextReply(): an empty response id': ['invalid_id', 0],
    'emitAudioReply(): a duration of 0': ['invalid_audio', 0],
    'emitAudioReply(): an empty response id': ['invalid_id', 0],
    'emitAudioReply(): no buffers': ['invalid_audio', 0],
    'emitUsage(): null': ['invalid_usage', 0],
    'expectToolOutput(): an output that is a number': ['invalid_output', 1],
    'expectHandoff(): a name with no emitHandoff before': ['no_tool_call', 0],
    'emit(): item_update without a type': ['invalid_event', 0],
    'emit(): an event payload that is not an object': ['invalid_event', 0],
    'realtime(): options not an object': ['invalid_option', undefined],
    'realtime(): a name that is not a string': ['invalid_option', undefined],
    'realtime(): an infinite timeout': ['invalid_option', undefined],
    'realtime(): a timeout that is not a number': ['invalid_option', undefined],
    'realtime(): a timeout no timer can honour': ['invalid_option', undefined],
    'expectToolOutput(): startResponse not a boolean': ['invalid_option', 1],
    'expectToolRejection(): a message that is not text': ['invalid_text', 1],
    'expectToolNotFound(): no call before it': ['no_tool_call', 0],
    'expectMcpApproval(): no request before it': ['no_tool_call', 0],
    'expectSessionError(): not a session': ['invalid_session', 0],
    'expectSessionError(): a match that is a number': ['invalid_matcher', 0],
    'expectSessionError(): a match that is null': ['invalid_matcher', 0],
    'expectSessionError(): a match, then the session': ['invalid_session', 0],
    'emitResponse(): no callback': ['invalid_turn', 0],
    'emitResponse(): no items': ['empty_turn', 0],
    'emitResponse(): a text item that is not text': ['invalid_text', 0],
    'emitItemDeleted(): an empty item id': ['invalid_id', 0],
    'emitError(): no error': ['missing_error', 0],
    'emitMcpApprovalRequest(): arguments that are not an object': ['invalid_arguments', 0],
    'evenIfClosed(): no emit step before it': ['nothing_to_deliver', 0],
  });
  expect(refusals).toMatchSnapshot();
});

test('a reply with a bad id names the verb that wrote it', () => {
  expect(misuse(() => realtime().emitTextReply('Hi', { responseId: '' }))).toMatchObject({
    reason: 'invalid_id',
    message: 'realtime() step 1, emitTextReply(): responseId must be a non-empty string; got the string "".',
  });
  expect(misuse(() => realtime().emitAudioReply('Hi', { itemId: '' })).message).toBe(
    'realtime() step 1, emitAudioReply(): itemId must be a non-empty string; got the string "".',
  );
});

test('a step cannot be changed once it has been played: the builder hands the script finished steps', async () => {
  const rt = realtime({ verify: false }).expect('interrupt');
  rt.interrupt();
  const late = misuse(() => rt.fails(new Error('too late')));
  expect(late).toMatchObject({ reason: 'already_played', stepIndex: 0, double: 'realtime()' });
  expect(late.message).toBe("realtime() step 1, fails(): the step has already taken its call; write .fails() in the same chain as the step.");
  expect(rt.calls).toHaveLength(1);
  expect(rt).toBeComplete();

  const delivered = realtime({ verify: false }).emitInterruption();
  await delivered.connect({ apiKey: 'test' } as never);
  await delivered.settled();
  expect(misuse(() => delivered.evenIfClosed())).toMatchObject({ reason: 'already_played', stepIndex: 0 });
});

test('a failing step is the step it replaces, failing: in the same place, with the same label', async () => {
  const rt = realtime({ verify: false }).expect('sendMessage', { message: 'Hi' }).fails(new Error('socket closed')).expect('interrupt');
  expect(rt.remainingSteps).toBe(2);
  expect(thrownBy(() => rt.sendMessage('Hi', {})).message).toBe('socket closed');
  expect(failureOf(() => expect(rt).toBeComplete())).toContain(`2. expect('interrupt')`);
  expect(failureOf(() => expect(rt).toBeComplete())).toContain(`1. sendMessage("Hi") → step 1`);
});

test('the newer steps read in script terms too', () => {
  const session = { on: () => undefined };
  const rt = realtime({ verify: false })
    .emitResponse((r) => r.text('Let me check.').toolCall(lookupOrder, { orderId: 'A' }))
    .expectToolOutput(lookupOrder, undefined, { startResponse: false })
    .emitUnknownToolCall('missing_tool', { q: 1 })
    .expectToolNotFound('missing_tool')
    .expectSessionError(session, 'Tool missing_tool not found')
    .expectSessionError(session, /reused/)
    .emitItemDeleted('item_1')
    .emitError({ message: 'rate limited' })
    .emitMcpApprovalRequest('docs', 'search', { q: 'x' })
    .expectMcpApproval()
    .expectMcpRejection('No.')
    .emitToolCall(lookupOrder, { orderId: 'B' }, { callId: '' })
    .evenIfClosed();
  expect(thrownBy(() => rt.assertComplete()).message).toMatchSnapshot();
});

test.each([
  ['emit() of a name that is no string', () => realtime().emit(5 as never), 'invalid_event', 'emit(): expected an event name; got number 5.'],
  ['emit() of an empty name', () => realtime().emit('' as never), 'invalid_event', 'emit(): expected an event name; got the string "".'],
  ['emit() of a name close to an event', () => realtime().emit('audio_dne' as never), 'invalid_event', 'emit(): "audio_dne" is not an event a transport emits, so the session would never hear it. Did you mean "audio_done"?'],
  ['a function_call without payload', () => realtime().emit('function_call' as never), 'invalid_event', 'emit(): the "function_call" event needs the strings "name", "callId" and "responseId"; got undefined. emitToolCall(tool, args) fills them in.'],
  ['a function_call without call id or item id', () => realtime().emit('function_call', { callId: '', name: 'x', responseId: 'r' } as never), 'invalid_event', 'emit(): the "function_call" event needs the strings "name", "id" and "responseId"; "id" is missing or empty. A call without a callId is known by its item id.'],
  ['a function_call missing two fields', () => realtime().emit('function_call', { name: 'x' } as never), 'invalid_event', 'emit(): the "function_call" event needs the strings "name", "callId" and "responseId"; "callId" and "responseId" are missing or empty. emitToolCall(tool, args) fills them in.'],
  ['an item_update without type', () => realtime().emit('item_update', { itemId: 'a' } as never), 'invalid_event', 'emit(): the "item_update" event needs the strings "itemId" and "type"; "type" is missing or empty.'],
  ['an item_deleted of a number', () => realtime().emit('item_deleted', 5 as never), 'invalid_event', 'emit(): the "item_deleted" event needs a string "itemId"; got number 5.'],
  ['a reply with options null', () => realtime().emitTextReply('x', null as never), 'invalid_option', 'emitTextReply(): expected { deltas?, itemId?, responseId?, done? }; got null.'],
  ['a reply whose deltas are a string', () => realtime().emitTextReply('ab', { deltas: 'ab' as never }), 'invalid_option', 'emitTextReply(): deltas must be an array of strings; got the string "ab".'],
  ['a reply whose deltas join to other text', () => realtime().emitTextReply('ab', { deltas: ['a', 'c'] }), 'invalid_option', 'emitTextReply(): the deltas join to "ac", not to the text "ab".'],
  ['an audio reply of no chunks', () => realtime().emitAudioReply('x', { audio: [] }), 'invalid_audio', 'emitAudioReply(): audio must be an ArrayBuffer, an array of them, or a duration in ms; got an array ([]).'],
  ['an audio reply with a chunk that is no buffer', () => realtime().emitAudioReply('x', { audio: [new ArrayBuffer(2), 5] as never }), 'invalid_audio', 'emitAudioReply(): audio must be an ArrayBuffer, an array of them, or a duration in ms; got an array ([{},5]).'],
  ['an audio reply of a Uint8Array', () => realtime().emitAudioReply('x', { audio: new Uint8Array(2) as never }), 'invalid_audio', 'emitAudioReply(): audio chunks are ArrayBuffers; got a Uint8Array. Pass the bytes it views: new Uint8Array(view).buffer.'],
  ['an audio reply of 0 ms', () => realtime().emitAudioReply('x', { audio: 0 }), 'invalid_audio', 'emitAudioReply(): the audio duration must be a positive number of ms; got number 0.'],
  ['an audio reply of Infinity ms', () => realtime().emitAudioReply('x', { audio: Infinity }), 'invalid_audio', 'emitAudioReply(): the audio duration must be a positive number of ms; got number Infinity.'],
  ['expectAudio(null)', () => realtime().expectAudio(null as never), 'invalid_audio', 'expectAudio(): expected { ms, bytes, commit }; got null.'],
  ['expectAudio of a class instance', () => realtime().expectAudio(new (class Target { ms = 5 })() as never), 'invalid_audio', 'expectAudio(): expected { ms, bytes, commit }; got an object ({"ms":5}).'],
  ['expectAudio of ms and bytes', () => realtime().expectAudio({ ms: 1, bytes: 2 }), 'invalid_audio', 'expectAudio(): give either ms or bytes, not both.'],
  ['expectAudio of -1 ms', () => realtime().expectAudio({ ms: -1 }), 'invalid_audio', 'expectAudio(): ms must be a number, 0 or more; got number -1.'],
  ['expectAudio of NaN bytes', () => realtime().expectAudio({ bytes: NaN }), 'invalid_audio', 'expectAudio(): bytes must be a number, 0 or more; got number NaN.'],
  ['expectAudio with commit a string', () => realtime().expectAudio({ commit: 'y' as never }), 'invalid_audio', 'expectAudio(): commit must be a boolean; got the string "y".'],
  ['an empty item id', () => realtime().emitTextReply('x', { itemId: '' }), 'invalid_id', 'emitTextReply(): itemId must be a non-empty string; got the string "".'],
  ['tool call options that are a number', () => realtime().emitToolCall('x', {}, 5 as never), 'invalid_option', 'emitToolCall(): expected { callId?, responseId?, itemId? }; got number 5.'],
  ['usage that is a number', () => realtime().emitUsage(5 as never), 'invalid_usage', 'emitUsage(): expected usage like { inputTokens: 10, outputTokens: 5 }; got number 5.'],
  ['usage that is null', () => realtime().emitUsage(null as never), 'invalid_usage', 'emitUsage(): expected usage like { inputTokens: 10, outputTokens: 5 }; got null.'],
  ['usage that is a class instance without add()', () => realtime().emitUsage(new (class Target { ms = 5 })() as never), 'invalid_usage', 'emitUsage(): expected usage like { inputTokens: 10, outputTokens: 5 }; got an object ({"ms":5}).'],
])('%s is refused with its reason', (_name, write, reason, problem) => {
  expect(thrownBy(write)).toMatchObject({ reason, message: `realtime() step 1, ${problem}` });
});

test('the edges of what the steps take: 0 ms of audio, a null-prototype target or usage, the SDK\'s Usage, a call known by its item id', () => {
  const rt = realtime({ verify: false })
    .expectAudio({ ms: 0 })
    .expectAudio(Object.assign(Object.create(null) as object, { bytes: 0 }))
    .emitUsage(Object.assign(Object.create(null) as object, { inputTokens: 1 }))
    .emitUsage(new Usage() as never)
    .emit('function_call', { callId: '', name: 'x', id: 'item_9', responseId: 'r' } as never)
    .emit('item_deleted', { itemId: 'a' } as never)
    .emitTextReply('ab', { deltas: ['a', 'b'] });
  expect(rt.remainingSteps).toBe(7);
});
