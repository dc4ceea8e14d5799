#!/usr/bin/env node
// A tool loop through an MCP server (the model reads a file through the server's read_text_file,
// then answers), once through the kit's mcp() double and once through the real
// @modelcontextprotocol/server-filesystem over stdio, in one process, interleaved in random order
// per round. The real server is spawned and connected once and reused (its start-up is measured
// apart, as a test that spawns it pays it once per file or per test). Runs against the built
// package: `npm run build` first. No network: the real server is a child process on stdio.
//
// The double lists the same 14 tools as the real server (read off examples/fixtures/filesystem-mcp.json),
// so the SDK converts as many tools per turn on both sides.
//
//   node bench/mcp.mjs [rounds]        goal: a test's MCP loop with mcp() at least 50x faster than one
//                                      that spawns the stdio server (start-up included); the loop alone is reported
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, MCPServerStdio, run, setTracingDisabled } from '@openai/agents';
import { mcp, model } from '../dist/index.js';
import { median, ms, quantile, verdict } from './stats.mjs';

setTracingDisabled(true);
const rounds = Number(process.argv[2] ?? 300);
const warmup = Math.min(30, rounds);
const require = createRequire(import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
const books = join(dir, 'books.txt');
writeFileSync(books, '1. Dune\n2. Solaris\n');

const file = JSON.parse(readFileSync(new URL('../examples/fixtures/filesystem-mcp.json', import.meta.url), 'utf8'));
const recorded = Object.values(file.conversations)[0];
const tools = Object.fromEntries(recorded.tools.map(({ name, description, inputSchema }) => [name, { description, inputSchema }]));

function script() {
  return model({ verify: false }).calls('read_text_file', { path: books }).thenReplies('Your #1 book is Dune.');
}

async function withDouble() {
  const files = mcp({ name: 'Filesystem Server', verify: false, tools })
    .expectCall('read_text_file', { path: books })
    .returns('1. Dune\n2. Solaris\n');
  const result = await run(new Agent({ name: 'MCP Assistant', model: script(), mcpServers: [files] }), 'My #1 book?');
  if (result.finalOutput !== 'Your #1 book is Dune.' || files.remainingSteps !== 0) throw new Error('mcp() loop went wrong');
}

function realServer() {
  return new MCPServerStdio({
    name: 'Filesystem Server',
    command: process.execPath,
    args: [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), dir],
  });
}

let server;
async function withReal() {
  const result = await run(new Agent({ name: 'MCP Assistant', model: script(), mcpServers: [server] }), 'My #1 book?');
  if (result.finalOutput !== 'Your #1 book is Dune.') throw new Error('stdio loop went wrong');
}

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

// Start-up: spawn, connect (MCP initialize) and close the real server, a few times.
const startups = [];
for (let index = 0; index < 5; index += 1) {
  startups.push(
    await time(async () => {
      const once = realServer();
      await once.connect();
      await once.close();
    }),
  );
}

server = realServer();
await server.connect();
try {
  for (let round = 0; round < warmup; round += 1) {
    await withDouble();
    await withReal();
  }
  const double = [];
  const real = [];
  const ratios = [];
  for (let round = 0; round < rounds; round += 1) {
    const doubleFirst = Math.random() < 0.5;
    const first = await time(doubleFirst ? withDouble : withReal);
    const second = await time(doubleFirst ? withReal : withDouble);
    const [a, b] = doubleFirst ? [first, second] : [second, first];
    double.push(a);
    real.push(b);
    ratios.push(b / a);
  }
  console.log(`MCP tool loop (list tools, call read_text_file, answer), ${rounds} interleaved rounds (after ${warmup} warm-up rounds)`);
  console.log(`  mcp() double:                 median ${ms(median(double))}  p90 ${ms(quantile(double, 0.9))}`);
  console.log(`  server-filesystem over stdio: median ${ms(median(real))}  p90 ${ms(quantile(real, 0.9))}`);
  console.log(`  ratio per round, stdio / mcp(): median ${median(ratios).toFixed(2)}  (p25 ${quantile(ratios, 0.25).toFixed(2)}, p75 ${quantile(ratios, 0.75).toFixed(2)})`);
  console.log(`  real server start-up (spawn, initialize, close): median ${ms(median(startups))} of ${startups.length}`);
  const perTest = (median(startups) + median(real)) / median(double);
  console.log(`  one test's loop, start-up included, stdio / mcp(): ${perTest.toFixed(0)}`);
  verdict("a test's MCP loop with the stdio server (start-up included) over the same with mcp()", perTest.toFixed(0), '>= 50', perTest >= 50);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
