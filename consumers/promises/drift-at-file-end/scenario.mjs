// docs/reference.md, "Verification after each test": a mismatch recorded after the last test of a file (a
// background run, a Realtime send after settled()) fails that file, naming the test; under Vitest's
// `isolate: false`, where the next file shares the kit's state, it fails the file it came from
// and not the next file's first test.
export const promise = 'a late mismatch after the last test fails its own file';

export async function play(t) {
  t.judge(await t.run(), { label: 'one run' });
  if (t.runner === 'vitest') {
    // Both files in one worker, one after the other, sharing one module graph.
    const shared = await t.run({ config: { test: { isolate: false, fileParallelism: false, maxWorkers: 1 } } });
    t.judge(shared, { label: 'isolate: false' });
    for (const [file, other] of [['background.test.ts', 'realtime'], ['realtime.test.ts', 'follow-up']]) {
      const message = shared.files.get(file)?.message ?? '';
      t.check(`isolate: false: ${file} names nothing of the other file`, !message.includes(other === 'realtime' ? 'realtime("voice")' : 'model("follow-up")'), message);
    }
  }
}
