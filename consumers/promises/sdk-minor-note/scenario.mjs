// docs/record-and-replay.md, "Cassettes at scale": a replay of a conversation recorded under another
// SDK minor says so once per file, for cassette() and mcpCassette() alike, and still replays.
export const promise = 'a replay recorded under another SDK minor is noted once per file, for cassette() and mcpCassette()';

const FILES = ['weather.json', 'notes-mcp.json'];

export async function play(t) {
  const recording = await t.run({ env: { AGENTS_TESTKIT_CASSETTE_MODE: 'record' } });
  t.judge(recording, { label: 'record run' });
  for (const file of FILES) {
    const text = t.read(file);
    t.check(`the record run wrote ${file} with its SDK version`, /"sdkVersion": "\d+\.\d+\.\d+/.test(text ?? ''), text?.slice(0, 400));
    if (text !== undefined) t.write(file, text.replace(/"sdkVersion": "[^"]+"/g, '"sdkVersion": "0.19.2"'));
  }

  // Vitest prints the tests' console output through its default reporter only.
  const replay = await t.run({ args: t.runner === 'vitest' ? ['--reporter=default'] : [] });
  t.judge(replay, { label: 'replay run' });
  for (const file of FILES) {
    const notes = replay.output.split(`${file} was recorded with @openai/agents 0.19.2 and replays under`).length - 1;
    t.check(`${file}: noted once, though two tests replay it`, notes === 1, replay.output.slice(-1500));
  }
}
