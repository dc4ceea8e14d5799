import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { realtime, transcriptOf } from 'agents-testkit';

test('runs a two-turn Realtime conversation', async () => {
  const rt = realtime()
    .expect('sendMessage', { message: 'Hello' })
    .emitUserMessage('Hello') // the server records the user's message…
    .emitTextReply('Hi! How can I help?'); // …and the model answers
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Hello');
  await rt.settled();

  // The next turn: extend the script, then play it.
  rt.expect('sendMessage', { message: 'What did I just say?' })
    .emitUserMessage('What did I just say?')
    .emitTextReply('You said hello.');
  session.sendMessage('What did I just say?');
  await rt.settled();

  expect(transcriptOf(session)).toEqual(['user: Hello', 'assistant: Hi! How can I help?', 'user: What did I just say?', 'assistant: You said hello.']);
  session.close();
});
