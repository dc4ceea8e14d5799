import { RealtimeAgent, RealtimeSession, type RealtimeItem } from '@openai/agents/realtime';
import { realtime, transcriptOf } from 'agents-testkit';
import { expect, test, thrownBy } from './support';

const assistant = new RealtimeAgent({ name: 'Assistant' });

test('items are added, updated in place and deleted', async () => {
  const rt = realtime()
    .emitUserMessage('Hello', { itemId: 'u1' })
    .emitTextReply('Hi!', { itemId: 'a1' })
    .emit('item_update', { itemId: 'u1', type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_text', text: 'Hello there' }] })
    .emit('item_deleted', { itemId: 'a1' });
  const session = new RealtimeSession(assistant, { transport: rt });
  const added: string[] = [];
  session.on('history_added', (item) => added.push(item.itemId));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(added).toEqual(['u1', 'a1']);
  expect(transcriptOf(session)).toEqual(['user: Hello there']);
});

test("the user's transcription is merged into their spoken item", async () => {
  const rt = realtime().emitUserTranscript('What time is it?', { itemId: 'u1' }).emitAudioReply('It is noon.');
  const session = new RealtimeSession(assistant, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(session.history[0]).toEqual({
    itemId: 'u1',
    type: 'message',
    role: 'user',
    status: 'completed',
    content: [{ type: 'input_audio', transcript: 'What time is it?', audio: null }],
  });
  expect(transcriptOf(session)).toEqual(['user: What time is it?', 'assistant: It is noon.']);
});

test('an item still in progress says so', async () => {
  const rt = realtime().emitTextReply('Let me see', { done: false }).emit('item_update', {
    itemId: 'u9',
    type: 'message',
    role: 'user',
    status: 'in_progress',
    content: [{ type: 'input_audio', transcript: null }],
  });
  const session = new RealtimeSession(assistant, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(transcriptOf(session.history)).toEqual(['assistant: (in progress)', 'user: [audio] (in progress)']);
});

test('a history the application rewrites goes out as one resetHistory call', async () => {
  const rt = realtime().emitUserMessage('one', { itemId: 'u1' }).emitUserMessage('two', { itemId: 'u2' });
  const session = new RealtimeSession(assistant, { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  rt.expect('resetHistory', { newHistory: [{ itemId: 'u1' }] });
  session.updateHistory((history) => history.filter((item: RealtimeItem) => item.itemId === 'u1'));
  await rt.settled();

  expect(rt).toHaveSentRealtime('resetHistory', { oldHistory: [{ itemId: 'u1' }, { itemId: 'u2' }] });
});

test('transcriptOf reads tool calls and refuses what is not a history', () => {
  const items: RealtimeItem[] = [
    { itemId: 's', type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Be brief.' }] },
    { itemId: 'f', type: 'function_call', status: 'in_progress', name: 'lookup', arguments: '{}', output: null },
  ];
  expect(transcriptOf(items)).toEqual(['system: Be brief.', 'tool: lookup({}) (in progress)']);
  expect(thrownBy(() => transcriptOf({} as never)).message).toBe('transcriptOf() takes a RealtimeSession or its history (an array of items); got {}.');
});
