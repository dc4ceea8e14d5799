import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { expect, rejectionOf, test } from './support';

const storyteller = () => new RealtimeAgent({ name: 'Storyteller' });

test('the server reports the user talking over the answer', async () => {
  const rt = realtime().emitAudioReply('Once upon a time…', { audio: 300 }).emitInterruption();
  const session = new RealtimeSession(storyteller(), { transport: rt });
  const heard: string[] = [];
  for (const event of ['audio_start', 'audio_stopped', 'audio_interrupted'] as const) session.on(event, () => heard.push(event));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(heard).toEqual(['audio_start', 'audio_stopped', 'audio_interrupted']);
});

test('an answer still streaming can be interrupted by the application', async () => {
  const rt = realtime().emitTextReply('Once upon a time', { done: false }).expect('interrupt');
  const session = new RealtimeSession(storyteller(), { transport: rt });
  session.on('history_added', () => session.interrupt()); // a stop button pressed as the answer appears
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(rt.calls.map((call) => call.method)).toEqual(['connect', 'interrupt']);
});

test('an interruption the script does not expect fails', async () => {
  const rt = realtime({ verify: false }).emitTextReply('Once upon a time');
  const session = new RealtimeSession(storyteller(), { transport: rt });
  await session.connect({ apiKey: 'test' });
  await rt.settled();
  session.interrupt();

  const error = await rejectionOf(rt.settled());
  expect(error).toMatchObject({ kind: 'unexpected_call', callIndex: 1, actual: 'interrupt()' });
  expect(error.message).toMatchSnapshot();
});

test('an expected interruption that never comes is named when settled() gives up', async () => {
  const rt = realtime({ verify: false, timeoutMs: 30 }).emitAudioReply('Once upon a time…').expect('interrupt');
  const session = new RealtimeSession(storyteller(), { transport: rt });
  await session.connect({ apiKey: 'test' });

  expect(await rejectionOf(rt.settled())).toMatchObject({ waitingFor: 'an interrupt call (step 2)' });
});
