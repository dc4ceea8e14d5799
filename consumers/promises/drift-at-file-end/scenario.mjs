// docs/reference.md, "Verification after each test": a mismatch recorded after the last test of a file (a
// background run, a Realtime send after settled(), the app's teardown in the file's own afterAll)
// fails that file, naming the test; under Vitest's
// `isolate: false`, where the next file shares the kit's state, it fails the file it came from
// and not the next file's first test.
export const promise = 'a late mismatch after the last test fails its own file';

export async function play(t) {
  t.judge(await t.run(), { label: 'one run' });
  if (t.runner === 'vitest') {
    // Hooks run in the order they were declared (`sequence.hooks: 'list'`): the kit's file end, declared
    // by the setup file, would come before the file's own afterAll, as it did under Jest.
    t.judge(await t.run({ specs: ['after-all.test.ts'], config: { test: { sequence: { hooks: 'list' } } } }), { label: "sequence.hooks: 'list'" });
    // All at once (`parallel`): the kit's file end would run beside a teardown that calls late.
    t.judge(await t.run({ specs: ['after-all-slow.test.ts'], config: { test: { sequence: { hooks: 'parallel' } } } }), { label: "sequence.hooks: 'parallel'" });
    // Both files in one worker, one after the other, sharing one module graph.
    const shared = await t.run({ config: { test: { isolate: false, fileParallelism: false, maxWorkers: 1 } } });
    t.judge(shared, { label: 'isolate: false' });
    const doubles = { 'background.test.ts': 'model("follow-up")', 'realtime.test.ts': 'realtime("voice")', 'realtime-error.test.ts': 'realtime("voice-error")', 'after-all.test.ts': 'mcp("files")', 'after-all-slow.test.ts': 'mcp("queue")' };
    for (const file of Object.keys(doubles)) {
      const message = shared.files.get(file)?.message ?? '';
      const others = Object.entries(doubles).filter(([other]) => other !== file).map(([, label]) => label);
      t.check(`isolate: false: ${file} names nothing of the other files`, others.every((label) => !message.includes(label)), message);
    }
  }
}
