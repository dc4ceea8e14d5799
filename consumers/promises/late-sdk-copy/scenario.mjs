// docs/tools-and-failures.md, "A copy of the SDK the test loads itself": a test that loads a module
// of the app inside the test (after `jest.resetModules()`, with `createRequire`) holds a copy of the
// SDK the setup entry did not meet when the file loaded; what that copy swallows (a tool's failure or
// timeout behind the app's own text, a failed tool the run stopped at, a Realtime session's error)
// still fails the test. A module loaded in `jest.isolateModules()` leaves the kit no way to find its
// copy once the callback returned: only a tool's failure behind its errorFunction is heard there.
export const promise = "a copy of the SDK a test loads itself is heard as the file's own";

const DESK = [
  "import { createRequire } from 'node:module';",
  "import { join } from 'node:path';",
  '',
  "const desk = () => createRequire(join(process.cwd(), 'package.json'))('./desk.cjs');",
  '',
].join('\n');
const JEST = "import { jest } from '@jest/globals';\n";

/** How the spec's tests load the app, by runner: load.ts, which the spec imports; one run each. */
const LOADERS = {
  vitest: { 'createRequire in the test': `${DESK}export const load = () => desk();\n` },
  jest: { 'jest.resetModules()': `${JEST}${DESK}export const load = () => {\n  jest.resetModules();\n  return desk();\n};\n` },
};
const ISOLATED = `${JEST}${DESK}export const load = () => {\n  let loaded;\n  jest.isolateModules(() => {\n    loaded = desk();\n  });\n  return loaded;\n};\n`;

/** What is heard of a copy loaded in `jest.isolateModules()`: a failure its tool's spans mark. */
const HEARD_IN_ISOLATION = ['drift: the tool fails behind its errorFunction; the script was made after the load', 'drift: the tool fails behind its errorFunction; the script was made before the load'];

/** What the console says of a run the kit met a copy's run only at a model call (the script made before the load). */
const MET_MID_RUN = 'was called from a run of a copy of @openai/agents the kit met only at this call';

export async function play(t) {
  for (const [label, source] of Object.entries(LOADERS[t.runner])) {
    t.write('load.ts', source);
    const outcome = await t.run({ args: t.runner === 'vitest' ? ['--reporter=default'] : [] });
    t.judge(outcome, { label });
    // Vitest's CommonJS copy is one per worker: the first test met it when it made its script.
    if (t.runner === 'jest') t.check(`${label}: the console says what the kit cannot hear of a run it met mid-way`, outcome.output.includes(MET_MID_RUN), outcome.output.slice(-3000));
  }
  if (t.runner !== 'jest') return;
  t.write('load.ts', ISOLATED);
  const isolated = await t.run();
  t.check(
    'jest.isolateModules(): the console says the kit cannot reach the copy',
    isolated.output.includes('was called from a run of a copy of @openai/agents the kit cannot reach'),
    isolated.output.slice(-3000),
  );
  for (const title of HEARD_IN_ISOLATION) {
    const test = isolated.tests.get(title);
    t.check(`jest.isolateModules(): "${title}" fails, naming the tool's text`, test?.status === 'failed' && test.failure.includes('The weather is unavailable just now.'), test?.failure ?? 'did not run');
  }
  const control = isolated.tests.get('control: a working tool, the script made before the load');
  t.check('jest.isolateModules(): the control passes', control?.status === 'passed', control?.failure ?? 'did not run');
}
