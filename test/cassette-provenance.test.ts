import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '@openai/agents';
import { cassette, mcpCassette, type Cassette } from 'agents-testkit';
import { afterAll, agentWith, describe, expect, makeTempDir, removeTempDirs, test, warningsDuring } from './support';
import { functionCall, message, startResponsesServer } from './support/responsesServer';

// Each committed conversation keeps where it came from; a replay under another SDK minor says so, once per file.
afterAll(removeTempDirs);

const installed = (JSON.parse(readFileSync(join(require.resolve('@openai/agents'), '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
const fixture = JSON.parse(readFileSync('test/fixtures/weather.json', 'utf8')) as Cassette;

/** The weather fixture with its one conversation recorded under `sdkVersion` (no provenance when `undefined`). */
function recordedWith(sdkVersion: string | undefined): string {
  const path = join(makeTempDir(), 'weather.json');
  const conversation = fixture.conversations['Weather in Tokyo']!;
  const provenance = sdkVersion === undefined ? {} : { provenance: { sdkVersion, model: 'gpt-test', recordedAt: '2026-11-30T10:00:00.000Z' } };
  writeFileSync(path, `${JSON.stringify({ version: 2, conversations: { 'Weather in Tokyo': { ...provenance, ...conversation } } }, null, 2)}\n`);
  return path;
}

async function replayTwice(path: string): Promise<string[]> {
  return warningsDuring(async () => {
    for (let i = 0; i < 2; i += 1) {
      const result = await run(agentWith(cassette(path, { conversation: 'Weather in Tokyo' })), 'Weather in Tokyo?');
      expect(result.finalOutput).toBe('Sunny in Tokyo today.');
    }
  });
}

describe('cassette provenance', () => {
  test('a replay of a conversation recorded under another SDK minor warns once for its file, naming both versions', async () => {
    const path = recordedWith('0.19.2');

    const warnings = await replayTwice(path);

    expect(warnings).toEqual([expect.stringContaining(`agents-testkit: ${path} was recorded with @openai/agents 0.19.2 and replays under ${installed}.`)]);
    expect(warnings[0]).toContain('agents-testkit cassettes status');
  });

  test('no note for another patch of the same minor, nor for a file recorded before provenance', async () => {
    const [major, minor] = installed.split('.');

    expect(await replayTwice(recordedWith(`${major}.${minor}.99`))).toEqual([]);
    expect(await replayTwice(recordedWith(undefined))).toEqual([]);
  });

  test('a commit stamps the conversation with the SDK version, the model the provider named, the time and the recording test', async () => {
    const server = await startResponsesServer([[functionCall('get_weather', { city: 'Tokyo' })], [message('Sunny in Tokyo today.')]]);
    const path = join(makeTempDir(), 'weather.json');
    const before = Date.now();
    try {
      const recorder = cassette(path, { mode: 'record', model: server.model('gpt-stamped'), conversation: 'shared weather' });
      await run(agentWith(recorder), 'Weather in Tokyo?');
      recorder.commit();
    } finally {
      await server.close();
    }

    const { provenance, calls } = (JSON.parse(readFileSync(path, 'utf8')) as Cassette).conversations['shared weather']!;
    expect(provenance).toEqual({
      sdkVersion: installed,
      model: 'gpt-stamped',
      recordedAt: expect.any(String),
      test: 'cassette provenance a commit stamps the conversation with the SDK version, the model the provider named, the time and the recording test',
      // Relative to the project root, with / on every OS: `cassettes prune` compares it with the report's files.
      file: 'test/cassette-provenance.test.ts',
    });
    expect(Date.parse(provenance!.recordedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(calls.map((call) => call.response.model)).toEqual(['gpt-stamped', 'gpt-stamped']);
  });
});

describe('mcpCassette provenance', () => {
  const mcpFixture = JSON.parse(readFileSync('examples/fixtures/filesystem-mcp.json', 'utf8')) as { version: number; conversations: Record<string, object> };
  const [name, recorded] = Object.entries(mcpFixture.conversations)[0]!;

  function mcpRecordedWith(sdkVersion: string): string {
    const path = join(makeTempDir(), 'filesystem-mcp.json');
    const provenance = { sdkVersion, recordedAt: '2026-11-30T10:00:00.000Z' };
    writeFileSync(path, `${JSON.stringify({ ...mcpFixture, conversations: { [name]: { provenance, ...recorded } } }, null, 2)}\n`);
    return path;
  }

  async function listTwice(path: string): Promise<string[]> {
    return warningsDuring(async () => {
      for (let i = 0; i < 2; i += 1) {
        const server = mcpCassette(path, { conversation: name, verify: false });
        await server.connect();
        expect((await server.listTools()).length).toBeGreaterThan(0);
        await server.close();
      }
    });
  }

  test('a replay recorded under another SDK minor warns once for its file, like cassette()', async () => {
    const path = mcpRecordedWith('0.19.2');

    const warnings = await listTwice(path);

    expect(warnings).toEqual([expect.stringContaining(`agents-testkit: ${path} was recorded with @openai/agents 0.19.2 and replays under ${installed}.`)]);
  });

  test('no note for another patch of the same minor', async () => {
    const [major, minor] = installed.split('.');
    expect(await listTwice(mcpRecordedWith(`${major}.${minor}.99`))).toEqual([]);
  });
});
