/**
 * Drift messages show what changed: a long string (a prompt that starts with the SDK's
 * RECOMMENDED_PROMPT_PREFIX, a long user message, a tool description) is shown around its first
 * difference, both sides cut to the same window, never as two identical beginnings.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, tool } from '@openai/agents';
import { RECOMMENDED_PROMPT_PREFIX } from '@openai/agents-core/extensions';
import { cassette, MismatchError } from 'agents-testkit';
import { z } from 'zod';
import { changedText } from '../src/format/textChange';
import { afterAll, agentWith, describe, expect, lookupOrder, makeTempDir, rejectionOf, removeTempDirs, test } from './support';

afterAll(removeTempDirs);

type Json = Record<string, any>;

/** test/fixtures/weather.json with `edit` applied to each recorded call, as a new file. */
function recordingWith(edit: (call: Json) => void): string {
  const file = JSON.parse(readFileSync('test/fixtures/weather.json', 'utf8')) as Json;
  for (const call of file.conversations['Weather in Tokyo'].calls) edit(call);
  const path = join(makeTempDir(), 'weather.json');
  writeFileSync(path, JSON.stringify(file));
  return path;
}

async function driftOf(path: string, ...[options, input = 'Weather in Tokyo?']: [Parameters<typeof agentWith>[1], string?]): Promise<string> {
  const replay = cassette(path, { name: 'weather', verify: false });
  const error = await rejectionOf(run(agentWith(replay, options), input));
  expect(error).toBeInstanceOf(MismatchError);
  return error.message;
}

/** The two quoted sides of `… changed …: "a" → "b"`. */
function sides(message: string): [string, string] {
  const match = message.match(/: (?:[a-z]+: )?("(?:[^"\\]|\\.)*") → (?:[a-z]+: )?("(?:[^"\\]|\\.)*")/);
  expect(match).not.toBeNull();
  return [match![1] as string, match![2] as string];
}

describe('a long string that changed is shown where it changed', () => {
  test('instructions built on the SDK RECOMMENDED_PROMPT_PREFIX show the changed words, not the prefix twice', async () => {
    const path = recordingWith((call) => (call.request.instructions = `${RECOMMENDED_PROMPT_PREFIX}\nAnswer in one sentence.`));

    const message = await driftOf(path, { instructions: `${RECOMMENDED_PROMPT_PREFIX}\nAnswer in French.` });

    expect(message).toContain(
      `the system instructions changed from character ${RECOMMENDED_PROMPT_PREFIX.length + 12}: "…with the user.\\nAnswer in one sentence." → "…with the user.\\nAnswer in French."`,
    );
    expect(message).not.toContain('# System context');
    expect(message.split(path).join('<cassette>')).toMatchSnapshot();
  });

  test('a prompt that differs after its first 200 characters names the differing words', async () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`);
    const before = words.join(' ');
    const after = [...words.slice(0, 40), 'CHANGED', ...words.slice(41)].join(' ');
    expect(before.slice(0, 200)).toBe(after.slice(0, 200));
    const path = recordingWith((call) => (call.request.instructions = before));

    const message = await driftOf(path, { instructions: after });

    const [old, now] = sides(message);
    expect(old).toContain('word40');
    expect(now).toContain('CHANGED');
    expect(old).not.toBe(now);
    expect(old.length).toBeLessThan(100);
    expect(message).toContain(`the system instructions changed from character ${before.indexOf('word40') + 1}: "…word36 word37 word38 word39 word40 word41 word42 word43…" → "…word36 word37 word38 word39 CHANGED word41 word42 word43…"`);
  });

  test('a long user message', async () => {
    const long = `Please look up the weather in Tokyo for me, and tell me whether I need an umbrella for my walk to the station this afternoon, since I forgot mine at home.`;
    const path = recordingWith((call) => (call.request.input[0].content = long));

    const message = await driftOf(path, {}, long.replace('this afternoon', 'this evening'));

    expect(message).toContain(
      `input item 1 changed from character ${long.indexOf('afternoon') + 1}: user: "…walk to the station this afternoon, since I forgot…" → user: "…walk to the station this evening, since I forgot…"`,
    );
  });

  test('a long tool description', async () => {
    const description = 'Weather for a city, as reported by the national weather service of the country the city is in, in degrees Celsius unless asked otherwise.';
    const path = recordingWith((call) => (call.request.tools[0].description = description));
    const redescribed = tool({
      name: 'get_weather',
      description: description.replace('Celsius', 'Fahrenheit'),
      parameters: z.object({ city: z.string(), unit: z.enum(['c', 'f']).optional() }),
      execute: async () => 'x',
    });

    const message = await driftOf(path, { tools: [redescribed, lookupOrder] });

    expect(message).toContain(
      `tool "get_weather" changed: description from character ${description.indexOf('Celsius') + 1}: "…city is in, in degrees Celsius unless asked otherwise." → "…city is in, in degrees Fahrenheit unless asked otherwise."`,
    );
  });

  test('short strings are shown whole, as before', async () => {
    const message = await driftOf('test/fixtures/weather.json', { instructions: 'Help, and be verbose.' });
    expect(message).toContain('the system instructions changed: "Help." → "Help, and be verbose."');
  });
});

describe('changedText()', () => {
  const long = 'The quick brown fox jumps over the lazy dog. '.repeat(4);

  test('both sides start at the same word, a few words before the difference', () => {
    expect(changedText(`${long}The end.`, `${long}A new end.`, 80)).toEqual({
      before: '"…jumps over the lazy dog. The end."',
      after: '"…jumps over the lazy dog. A new end."',
      at: long.length + 1,
    });
  });

  test('text added at the end, or removed', () => {
    expect(changedText(long, `${long}And more.`, 80)).toEqual({ before: '"…jumps over the lazy dog. "', after: '"…jumps over the lazy dog. And more."', at: long.length + 1 });
    expect(changedText(`${long}And more.`, long, 80)).toEqual({ before: '"…jumps over the lazy dog. And more."', after: '"…jumps over the lazy dog. "', at: long.length + 1 });
  });

  test('a difference at the start shows the start, cut after the change', () => {
    const change = changedText(`A${long}`, `B${long}`, 80);
    expect(change).toEqual({ before: '"AThe quick brown fox…"', after: '"BThe quick brown fox…"', at: 1 });
  });

  test('strings that fit are left to be shown whole', () => {
    expect(changedText('Answer in one sentence.', 'Answer in French.', 80)).toBeUndefined();
  });
});
