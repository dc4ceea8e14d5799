import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { chunk, concatAudio, durationOf, pcm16, realtime, samplesOf, ScriptError, SettleTimeoutError, silence, tone } from 'agents-testkit';
import { expect, rejectionOf, test, thrownBy } from './support';

const bytes = (audio: ArrayBuffer) => [...new Uint8Array(audio)];

test('pcm16 writes little-endian 16-bit samples, rounding fractions', () => {
  expect(bytes(pcm16([1, -2, 32767, -32768, 1.6]))).toEqual([1, 0, 254, 255, 255, 127, 0, 128, 2, 0]);
  expect(bytes(pcm16(new Int16Array([256])))).toEqual([0, 1]);
  expect([...samplesOf(pcm16([5, -5, 300]))]).toEqual([5, -5, 300]);
});

test('pcm16 refuses samples it cannot represent, naming the sample', () => {
  const outOfRange = thrownBy(() => pcm16([0, 0.5, 40000]));
  expect(outOfRange).toBeInstanceOf(ScriptError);
  expect(outOfRange).toMatchObject({ reason: 'invalid_audio' });
  expect(outOfRange.message).toMatchSnapshot();
  expect(thrownBy(() => pcm16([Number.NaN])).message).toMatchSnapshot();
  expect(thrownBy(() => pcm16('loud' as never)).message).toMatchSnapshot();
});

test('silence and tone are sized by duration and sample rate', () => {
  expect(silence(10).byteLength).toBe(480); // 240 samples at 24 kHz
  expect(silence(10, { sampleRate: 16000 }).byteLength).toBe(320);
  expect(new Set(bytes(silence(5)))).toEqual(new Set([0]));
  const samples = samplesOf(tone(10, { frequency: 600, amplitude: 0.5 }));
  expect(samples).toHaveLength(240);
  expect(Math.max(...samples)).toBe(16384);
  expect(durationOf(tone(250))).toBe(250);
  expect(thrownBy(() => tone(10, { amplitude: 2 })).message).toMatchSnapshot();
  expect(thrownBy(() => silence(-1)).message).toMatchSnapshot();
});

test('chunk cuts audio as a microphone delivers it; concatAudio and durationOf put it back together', () => {
  const audio = tone(110);
  const chunks = chunk(audio, 20);
  expect(chunks.map((part) => durationOf(part))).toEqual([20, 20, 20, 20, 20, 10]);
  expect(durationOf(chunks)).toBe(110);
  expect(bytes(concatAudio(chunks))).toEqual(bytes(audio));
  expect(thrownBy(() => chunk(audio, 0)).message).toMatchSnapshot();
});

test('expectAudio takes consecutive sendAudio calls until their duration adds up', async () => {
  const rt = realtime().expectAudio({ ms: 600 }).expect('sendMessage');
  for (const part of chunk(silence(600), 200)) rt.sendAudio(part, {});
  rt.sendMessage('done', {});
  await rt.settled();

  expect(rt.calls.map((call) => call.method)).toEqual(['sendAudio', 'sendAudio', 'sendAudio', 'sendMessage']);
});

test('with commit, expectAudio waits for the committing call', async () => {
  const rt = realtime().expectAudio({ commit: true });
  rt.sendAudio(silence(100), {});
  rt.sendAudio(silence(100), {});
  expect(rt.remainingSteps).toBe(1);
  rt.sendAudio(silence(0), { commit: true });
  await rt.settled();
});

test('too much audio, or a commit that comes early, fails the step', async () => {
  const tooMuch = realtime({ verify: false }).expectAudio({ ms: 300 });
  for (const part of chunk(silence(400), 200)) tooMuch.sendAudio(part, {});
  const tooMuchError = await rejectionOf(tooMuch.settled());
  expect(tooMuchError).toMatchObject({ kind: 'wrong_arguments', callIndex: 1, stepIndex: 0 });
  expect(tooMuchError.message).toMatchSnapshot();

  const early = realtime({ verify: false }).expectAudio({ ms: 300, commit: true });
  early.sendAudio(silence(200), { commit: true });
  const earlyError = await rejectionOf(early.settled());
  expect(earlyError).toMatchObject({ kind: 'wrong_arguments', callIndex: 0, stepIndex: 0 });
  expect(earlyError.message).toMatchSnapshot();
});

test('audio still missing is named with what came so far', async () => {
  const rt = realtime({ verify: false, timeoutMs: 30 }).expectAudio({ ms: 1000, commit: true });
  rt.sendAudio(silence(400), {});

  const error = await rejectionOf(rt.settled());

  expect(error).toBeInstanceOf(SettleTimeoutError);
  expect(error).toMatchObject({ waitingFor: 'more sendAudio calls (step 1 has taken 400 ms so far)', pending: ['1. expectAudio(1000 ms, commit) — 400 ms received so far'] });
  expect(error.message).toMatchSnapshot();
});

test('durations follow the input format the session configures: G.711 is 8 bytes per ms', async () => {
  const rt = realtime().expectAudio({ ms: 100 });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Phone' }), {
    transport: rt,
    config: { audio: { input: { format: { type: 'audio/pcmu' } } } },
  });
  await session.connect({ apiKey: 'test' });
  session.sendAudio(new ArrayBuffer(800));
  await rt.settled();

  expect(rt.audioFormat).toEqual({ sampleRate: 8000, bytesPerSample: 1 });
  expect(rt).toHaveSentAudio({ ms: 100, bytes: 800 });
});

test('a spoken answer plays its chunks with the transcript streaming alongside', async () => {
  const rt = realtime().emitAudioReply('Good morning.', { audio: chunk(tone(300), 100) });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), { transport: rt });
  const heard: string[] = [];
  session.on('audio_start', () => heard.push('audio_start'));
  session.on('audio', (event) => heard.push(`audio ${durationOf(event.data)} ms`));
  session.on('audio_stopped', () => heard.push('audio_stopped'));
  const deltas: string[] = [];
  rt.on('audio_transcript_delta', (event) => deltas.push(event.delta));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(heard).toEqual(['audio_start', 'audio 100 ms', 'audio 100 ms', 'audio 100 ms', 'audio_stopped']);
  expect(deltas).toEqual(['Good', ' morning.']);
});

test('the audio of an answer can be one buffer or a duration', async () => {
  const rt = realtime().emitAudioReply('One.', { audio: silence(50) }).emitAudioReply('Two.', { audio: 250 });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), { transport: rt });
  const played: number[] = [];
  session.on('audio', (event) => played.push(durationOf(event.data)));
  await session.connect({ apiKey: 'test' });
  await rt.settled();

  expect(played).toEqual([50, 100, 100, 50]);
});
