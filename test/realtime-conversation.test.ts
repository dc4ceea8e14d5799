import { Usage } from '@openai/agents';
import { RealtimeAgent, RealtimeSession, type RealtimeItem } from '@openai/agents/realtime';
import { realtime, ScriptError, transcriptOf } from 'agents-testkit';
import { expect, test, thrownBy } from './support';

const message = (itemId: string, role: 'user' | 'assistant', text: string): RealtimeItem =>
  role === 'user'
    ? { itemId, type: 'message', role, status: 'completed', content: [{ type: 'input_text', text }] }
    : { itemId, type: 'message', role, status: 'completed', content: [{ type: 'output_text', text }] };

test("the SDK guide's two-turn conversation, with its own history items, in under 20 lines", async () => {
  const conversation = [message('user_1', 'user', 'Hello'), message('assistant_1', 'assistant', 'Hi! How can I help?')];
  conversation.push(message('user_2', 'user', 'What did I just say?'), message('assistant_2', 'assistant', 'You said hello.'));
  const rt = realtime()
    .expect('sendMessage', { message: 'Hello' })
    .emit('item_update', conversation[0]!)
    .emit('item_update', conversation[1]!);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Hello');
  await rt.settled();

  rt.expect('sendMessage', { message: 'What did I just say?' }).emit('item_update', conversation[2]!).emit('item_update', conversation[3]!);
  session.sendMessage('What did I just say?');
  await rt.settled();
  session.close();

  expect(session.history).toEqual(conversation);
});

test('high-level turns give the same conversation with generated ids', async () => {
  const rt = realtime().expect('sendMessage', { message: 'Hello' }).emitUserMessage('Hello').emitTextReply('Hi! How can I help?');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Hello');
  await rt.settled();

  expect(session.history).toEqual([
    { itemId: 'item_1', type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_text', text: 'Hello' }] },
    { itemId: 'item_2', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hi! How can I help?' }] },
  ]);
});

test('a text reply streams its deltas inside a response, as the OpenAI transport emits it', async () => {
  const rt = realtime().emitTextReply('Hi there, friend.');
  const seen: string[] = [];
  rt.on('turn_started', () => seen.push('turn_started'));
  rt.on('item_update', () => seen.push('item_update'));
  rt.on('output_text_delta', (event) => seen.push(`delta ${JSON.stringify(event.delta)}`));
  rt.on('turn_done', () => seen.push('turn_done'));
  await rt.connect({ apiKey: 'test' });
  await rt.settled();

  expect(seen).toEqual(['turn_started', 'item_update', 'delta "Hi"', 'delta " there,"', 'delta " friend."', 'item_update', 'turn_done']);
});

test('without deltas a reply streams word by word: trailing spaces stay with the last word, a blank reply is one delta, an empty one none', async () => {
  const replies = ['Hi there.  ', 'Hi ', 'Hi', '   ', ''];
  const rt = realtime();
  for (const text of replies) rt.emitTextReply(text);
  const deltas: string[][] = [];
  rt.on('turn_started', () => deltas.push([]));
  rt.on('output_text_delta', (event) => deltas.at(-1)?.push(event.delta));
  await rt.connect({ apiKey: 'test' });
  await rt.settled();

  expect(deltas).toEqual([['Hi', ' there.  '], ['Hi '], ['Hi'], ['   '], []]);
});

test('a spoken reply with fewer audio chunks than transcript deltas sends each chunk once, with no empty audio event', async () => {
  const rt = realtime().emitAudioReply('One two three', { audio: [new ArrayBuffer(4)] });
  const seen: string[] = [];
  rt.on('audio', (event) => seen.push(`audio ${event.data.byteLength} bytes`));
  rt.on('audio_transcript_delta', (event) => seen.push(`delta ${JSON.stringify(event.delta)}`));
  await rt.connect({ apiKey: 'test' });
  await rt.settled();

  expect(seen).toEqual(['audio 4 bytes', 'delta "One"', 'delta " two"', 'delta " three"']);
});

test("the SDK's Usage given to emitUsage is what the transport reports; plain usage becomes a Usage", async () => {
  const given = new Usage({ inputTokens: 5, outputTokens: 1 });
  const rt = realtime().emitUsage(given).emitUsage({ inputTokens: 2 });
  const reported: unknown[] = [];
  rt.on('usage_update', (usage) => reported.push(usage));
  await rt.connect({ apiKey: 'test' });
  await rt.settled();

  expect(reported).toHaveLength(2);
  expect(reported[0]).toBe(given);
  expect(reported[1]).toBeInstanceOf(Usage);
  expect(reported[1]).toMatchObject({ requests: 1, inputTokens: 2, outputTokens: 0, totalTokens: 2 });
});

test('events scripted before connect are delivered once session.connect() has resolved, none dropped', async () => {
  const rt = realtime().emitTextReply('Welcome!').emitUserMessage('Thanks.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Greeter' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(transcriptOf(session)).toEqual(['assistant: Welcome!', 'user: Thanks.']);
});

test('the session sees no event before it can observe it', async () => {
  const rt = realtime().emitTextReply('Welcome!');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Greeter' }), { transport: rt });
  const connecting = session.connect({ apiKey: 'test' });
  await Promise.resolve();
  expect(session.history).toEqual([]);
  await connecting;
  await rt.settled();

  expect(transcriptOf(session)).toEqual(['assistant: Welcome!']);
});

test('a script can be extended between turns, and settled() waits for the new steps only', async () => {
  const rt = realtime().expect('sendMessage', { message: 'one' });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('one');
  await rt.settled();
  expect(rt.remainingSteps).toBe(0);

  rt.expect('sendMessage', { message: 'two' });
  expect(rt.remainingSteps).toBe(1);
  session.sendMessage('two');
  await rt.settled();
  expect(rt.remainingSteps).toBe(0);
});

test('emit is typed by event name and still returns the script', () => {
  const rt = realtime({ verify: false });
  const chained = rt.emit('item_deleted', { itemId: 'a' }).emit('audio_done').expect('close');
  // @ts-expect-error item_deleted takes an item with an itemId
  expect(() => rt.emit('item_deleted', 5)).toThrow(ScriptError);
  // @ts-expect-error turn_started takes a response_started event
  rt.emit('turn_started', { type: 'response_done' });
  expect(chained).toBe(rt);
});

test('an event no transport emits is refused where it is written, and does not compile', () => {
  const rt = realtime({ verify: false });
  // @ts-expect-error not an event of the SDK's event map
  const typo = thrownBy(() => rt.emit('audio_don'));
  // @ts-expect-error not an event of the SDK's event map, with a payload
  const unknown = thrownBy(() => rt.emit('not_an_event', { anything: true }));

  expect(typo).toBeInstanceOf(ScriptError);
  expect(typo).toMatchObject({ reason: 'invalid_event', stepIndex: 0, double: 'realtime()' });
  expect(typo.message).toBe('realtime() step 1, emit(): "audio_don" is not an event a transport emits, so the session would never hear it. Did you mean "audio_done"?');
  expect(unknown).toMatchObject({ reason: 'invalid_event', stepIndex: 0 });
  expect(unknown.message).toContain('"not_an_event" is not an event a transport emits');
  expect(rt.remainingSteps).toBe(0);
});

test('a usage report adds to session.usage', async () => {
  const rt = realtime().emitTextReply('Hi').emitUsage({ inputTokens: 12, outputTokens: 30, totalTokens: 42 });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(session.usage).toMatchObject({ requests: 1, inputTokens: 12, outputTokens: 30, totalTokens: 42 });
});

test('each high-level step emits the transport events a real session would, in order', async () => {
  const names = ['turn_started', 'turn_done', 'item_update', 'function_call', 'output_text_delta', 'audio', 'audio_done', 'audio_transcript_delta', 'audio_interrupted', 'usage_update'] as const;
  const rt = realtime()
    .emitToolCall('lookup_order', { orderId: 'A-1' })
    .emitTextReply('Hi there.')
    .emitAudioReply('Good day', { audio: [new ArrayBuffer(4), new ArrayBuffer(2)] })
    .emitUserTranscript('Hello')
    .emitUsage({ inputTokens: 3, outputTokens: 2 });
  const heard: unknown[] = [];
  for (const name of names) {
    rt.on(name, (...args: unknown[]) => {
      const event = args[0];
      const shown = event instanceof ArrayBuffer ? `${event.byteLength} bytes` : event;
      heard.push(shown === undefined ? [name] : [name, JSON.parse(JSON.stringify(shown, (_key, value) => (value instanceof ArrayBuffer ? `${value.byteLength} bytes` : value)))]);
    });
  }
  await rt.connect({ apiKey: 'test' } as never);
  await rt.settled();
  expect(heard).toMatchSnapshot();
});
