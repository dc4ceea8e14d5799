// Jest's side of vitest.config.ts's `env`: the kit's specs record from loopback servers and
// scripted MCP servers only, so they opt in to recording under CI.
process.env.AGENTS_TESTKIT_RECORD_IN_CI = '1';
