import { chunk, concatAudio, durationOf, pcm16, samplesOf, ScriptError, silence, tone } from 'agents-testkit';
import { describe, expect, test, thrownBy } from './support';

const bytes = (audio: ArrayBuffer) => [...new Uint8Array(audio)];

/** The message of the ScriptError a helper throws for bad input (reason `invalid_audio`, no double). */
function refusal(call: () => unknown): string {
  const error = thrownBy(call);
  expect(error).toBeInstanceOf(ScriptError);
  expect(error).toMatchObject({ reason: 'invalid_audio', double: undefined, stepIndex: undefined });
  return error.message;
}

describe('pcm16', () => {
  test('takes the whole 16-bit range, rounding fractions to the nearest sample', () => {
    expect([...samplesOf(pcm16([-32768, 32767, 32767.4, -32768.4, 0.5, -0.5]))]).toEqual([-32768, 32767, 32767, -32768, 1, 0]);
    expect(pcm16([]).byteLength).toBe(0);
  });

  test('refuses the first sample outside the range, counting samples from 1', () => {
    expect(refusal(() => pcm16([0, 32767.5]))).toBe(
      'pcm16(): sample 2 is 32767.5, outside the 16-bit range -32768 to 32767. Scale float samples (-1 to 1) by 32767 first.',
    );
    expect(refusal(() => pcm16([-32769, 40000]))).toBe(
      'pcm16(): sample 1 is -32769, outside the 16-bit range -32768 to 32767. Scale float samples (-1 to 1) by 32767 first.',
    );
  });

  test('refuses samples that are not finite numbers, and input that is not samples', () => {
    expect(refusal(() => pcm16([1, 2, Number.POSITIVE_INFINITY]))).toBe('pcm16(): sample 3 is Infinity; samples must be finite numbers.');
    expect(refusal(() => pcm16([1, '2' as never]))).toBe('pcm16(): sample 2 is the string "2"; samples must be finite numbers.');
    expect(refusal(() => pcm16(new Uint8Array(2) as never))).toBe(
      'pcm16(): expected an array of samples or an Int16Array; got a Uint8Array of 2 bytes.',
    );
  });
});

describe('samplesOf', () => {
  test('refuses what is not 16-bit audio', () => {
    expect(refusal(() => samplesOf([1, 2] as never))).toBe('samplesOf(): expected an ArrayBuffer; got an array ([1,2]).');
    expect(refusal(() => samplesOf(new ArrayBuffer(3)))).toBe('samplesOf(): 16-bit audio has an even number of bytes; got 3.');
    expect([...samplesOf(new ArrayBuffer(0))]).toEqual([]);
  });
});

describe('silence and tone', () => {
  test('a duration of 0 ms is no audio', () => {
    expect(silence(0).byteLength).toBe(0);
    expect(tone(0).byteLength).toBe(0);
  });

  test('durations must be finite and 0 or more', () => {
    expect(refusal(() => silence(Number.NaN))).toBe('silence(): the duration must be a number of milliseconds, 0 or more; got number NaN.');
    expect(refusal(() => tone(Number.POSITIVE_INFINITY))).toBe(
      'tone(): the duration must be a number of milliseconds, 0 or more; got number Infinity.',
    );
    expect(refusal(() => silence('10' as never))).toBe('silence(): the duration must be a number of milliseconds, 0 or more; got the string "10".');
  });

  test('the sample rate is a whole positive number of Hz, and options an object', () => {
    expect(silence(10, { sampleRate: 8000 }).byteLength).toBe(160);
    for (const sampleRate of [0, -8000, 22050.5, '16000']) {
      expect(refusal(() => silence(10, { sampleRate: sampleRate as number }))).toMatch(/^silence\(\): sampleRate must be a whole number of Hz, like 24000; got /);
    }
    expect(refusal(() => tone(10, null as never))).toBe('tone(): options must be an object like { sampleRate: 16000 }; got null.');
  });

  test('a tone is a 440 Hz sine at half of full scale unless told otherwise', () => {
    // 24 kHz / 440 Hz: the first peak is at sample 14 (a quarter period is 13.6 samples).
    const samples = samplesOf(tone(10));
    expect(samples[0]).toBe(0);
    expect(samples[1]).toBe(Math.round(Math.sin((2 * Math.PI * 440) / 24000) * 0.5 * 32767));
    expect(Math.max(...samples)).toBe(16380);
    expect(Math.max(...samplesOf(tone(10, { amplitude: 1, frequency: 600 })))).toBe(32767);
    expect(new Set(samplesOf(tone(10, { amplitude: 0 })))).toEqual(new Set([0]));
    const slow = samplesOf(tone(10, { sampleRate: 8000, frequency: 200 }));
    expect(slow).toHaveLength(80);
    expect(slow[10]).toBe(Math.round(Math.sin((2 * Math.PI * 200 * 10) / 8000) * 0.5 * 32767));
  });

  test('frequency and amplitude are checked', () => {
    for (const frequency of [0, -440, Number.POSITIVE_INFINITY, Number.NaN, '440']) {
      expect(refusal(() => tone(10, { frequency: frequency as number }))).toMatch(/^tone\(\): frequency must be a positive number of Hz; got /);
    }
    for (const amplitude of [-0.1, 1.1, Number.NaN, '1']) {
      expect(refusal(() => tone(10, { amplitude: amplitude as number }))).toMatch(/^tone\(\): amplitude must be from 0 to 1; got /);
    }
  });
});

describe('chunk', () => {
  test('the last chunk holds what is left', () => {
    expect(chunk(pcm16([1, 2, 3, 4, 5]), 2 / 24, {}).map((part) => [...samplesOf(part)])).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk(new ArrayBuffer(0), 20)).toEqual([]);
    expect(chunk(silence(30, { sampleRate: 8000 }), 10, { sampleRate: 8000 }).map((part) => part.byteLength)).toEqual([160, 160, 160]);
  });

  test('refuses what is not audio, and chunk lengths that are not positive or shorter than a sample', () => {
    expect(refusal(() => chunk('audio' as never, 20))).toBe('chunk(): expected an ArrayBuffer of audio; got the string "audio".');
    for (const ms of [-20, Number.NaN, Number.POSITIVE_INFINITY, '20']) {
      expect(refusal(() => chunk(silence(40), ms as number))).toMatch(/^chunk\(\): the chunk length must be a positive number of milliseconds; got /);
    }
    expect(refusal(() => chunk(silence(40), 0.01))).toBe('chunk(): 0.01 ms is less than one sample at 24000 Hz.');
    expect(refusal(() => chunk(silence(40), 0.05, { sampleRate: 8000 }))).toBe('chunk(): 0.05 ms is less than one sample at 8000 Hz.');
  });
});

describe('options and durations that are not numbers', () => {
  test('each helper names itself when its options are not an object or its sample rate is bad', () => {
    expect(refusal(() => silence(10, 'fast' as never))).toBe('silence(): options must be an object like { sampleRate: 16000 }; got the string "fast".');
    expect(refusal(() => chunk(silence(40), 20, null as never))).toBe('chunk(): options must be an object like { sampleRate: 16000 }; got null.');
    expect(refusal(() => durationOf(silence(10), { sampleRate: 0 }))).toBe('durationOf(): sampleRate must be a whole number of Hz, like 24000; got number 0.');
  });

  test('a symbol where a number belongs is refused like any other non-number, not thrown at as a TypeError', () => {
    expect(refusal(() => silence(Symbol('ms') as never))).toBe('silence(): the duration must be a number of milliseconds, 0 or more; got symbol Symbol(ms).');
    expect(refusal(() => tone(10, { frequency: Symbol('hz') as never }))).toBe('tone(): frequency must be a positive number of Hz; got symbol Symbol(hz).');
    expect(refusal(() => chunk(silence(40), Symbol('ms') as never))).toBe(
      'chunk(): the chunk length must be a positive number of milliseconds; got symbol Symbol(ms).',
    );
  });
});

describe('concatAudio and durationOf', () => {
  test('join and measure any number of buffers', () => {
    expect(concatAudio([]).byteLength).toBe(0);
    expect(bytes(concatAudio([pcm16([1]), new ArrayBuffer(0), pcm16([2, 3])]))).toEqual([1, 0, 2, 0, 3, 0]);
    expect(durationOf([])).toBe(0);
    expect(durationOf(silence(30, { sampleRate: 16000 }), { sampleRate: 16000 })).toBe(30);
    expect(durationOf(silence(30))).toBe(30);
  });

  test('refuse what is not audio', () => {
    expect(refusal(() => concatAudio(silence(10) as never))).toMatch(/^concatAudio\(\): expected an array of ArrayBuffers; got an object/);
    expect(refusal(() => concatAudio([silence(10), 'x' as never]))).toBe('concatAudio(): expected an array of ArrayBuffers; got an array ([{},"x"]).');
    expect(refusal(() => durationOf([silence(10), new Uint8Array(2) as never]))).toMatch(
      /^durationOf\(\): expected an ArrayBuffer or an array of them; got an array/,
    );
    expect(refusal(() => durationOf('x' as never))).toBe('durationOf(): expected an ArrayBuffer or an array of them; got the string "x".');
  });
});
