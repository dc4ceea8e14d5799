/**
 * Every place the kit depends on something the OpenAI Agents SDK does not promise: a read of its
 * internals, a text copied from it, a shape it happens to have. They all live in this folder, one
 * file per concern, and nowhere else in src/; the rest of the kit imports them from here
 * (`sdk/coupling`). Each is probed against the installed SDK in test/sdk-coupling.test.ts (the
 * Realtime ones in test/sdk-coupling-realtime.test.ts), so an SDK release that changes one fails
 * there, naming it, instead of somewhere a double quietly stops catching drift.
 *
 * - stack.ts: who is reading a property, the SDK or the app.
 * - provider.ts: which agent asks for a model, and the default provider a `Runner` resolves.
 * - results.ts: model requests without the runner's bookkeeping; run results and states.
 * - tools.ts: the texts the SDK sends instead of throwing, tool guardrails, approval policies,
 *   hosted tool calls.
 * - handoffs.ts: handoff tool names and transfer messages.
 * - realtime.ts: what a Realtime session sends on its own.
 * - realtimeSessionErrors.ts: the `error` events a Realtime session emits for the failures it swallows.
 * - mcp.ts: MCP tool names and hosted MCP items; the tools a run lists from local MCP servers.
 * - sandbox.ts: what the sandbox capabilities send a session.
 * - tracing.ts: the trace provider's process listener, its global slot, the spans processors receive.
 * - toolsOffered.ts: the tools an agent offers, each time the SDK asks `getAllTools()`.
 * - toolTimeouts.ts: a tool's own `timeoutErrorFunction`, told of each timeout it answers.
 * - toolNameCollisions.ts: the function tools of one agent that share a name, of which the SDK exposes the last.
 * - toolFailureSpans.ts: the function span's error that tells a tool failed when its `errorFunction` made text of it,
 *   and the span a Realtime session's tool call is handed under so that the SDK has one to mark.
 * - version.ts: the installed SDK's version and the model a response names (cassette provenance).
 */
export * from './handoffs';
export * from './mcp';
export * from './provider';
export * from './realtime';
export * from './realtimeSessionErrors';
export * from './results';
export * from './sandbox';
export * from './stack';
export * from './tools';
export * from './toolFailureSpans';
export * from './toolNameCollisions';
export * from './toolsOffered';
export * from './toolTimeouts';
export * from './tracing';
export * from './version';
