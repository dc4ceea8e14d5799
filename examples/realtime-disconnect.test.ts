import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';

test('the server drops the connection mid-answer', async () => {
  const rt = realtime()
    .emitTextReply('Let me check that for you…', { done: false })
    .emitDisconnect(new Error('socket closed'))
    .expectSessionError('socket closed'); // every error the session reports is a step of the script
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  session.on('error', () => {}); // the app's own handling: the script hears the error all the same

  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt.status).toBe('disconnected');
});

test('events scripted after a disconnect wait for the reconnect', async () => {
  const rt = realtime().emitDisconnect().emitTextReply('Welcome back.');
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await expect(rt.settled({ timeoutMs: 50 })).rejects.toThrow('waiting for the session to connect, to deliver step 2');

  await session.connect({ apiKey: 'test' }); // connect and close are accepted without a step
  await rt.settled();

  expect(session.history).toMatchObject([{ role: 'assistant', content: [{ text: 'Welcome back.' }] }]);
});
