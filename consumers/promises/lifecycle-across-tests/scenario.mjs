// docs/guardrails-and-streams.md, "Lifecycle and nested runs": a lifecycle() recorder stops when its test ends, so a
// recorder on a module-level agent neither hears nor fails a later test, and a later sandbox()
// run (Jest CommonJS) still works.
export const promise = 'lifecycle() ends with its test';

export async function play(t) {
  t.judge(await t.run());
}
