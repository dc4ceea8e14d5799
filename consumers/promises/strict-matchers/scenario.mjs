// The guides, "Approvals that survive serialization", "Guardrails" and "A failing command" (issue 24,
// items 2, 4 and 8): one run of three user files, each test marked with what it must come to.
//   - approvals-from-stored-state: resuming one stored state string twice (approved twice, or
//     rejected then approved) fails the matcher and the after-each check, as resuming one result does;
//   - guardrail-identity: another agent's guardrail of the same name satisfies no guardrail matcher;
//   - planned-failures: a failure scripted on sandbox() or mcp() needs no { toolFails } on model(),
//     and a tool failure nobody scripted still fails the test.
export const promise = 'approvals from a stored string, guardrails by identity and failures planned on another double hold from the tarball';

export async function play(t) {
  const outcome = await t.run();
  t.judge(outcome);
}
