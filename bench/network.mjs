#!/usr/bin/env node
// What the strict-offline network guard costs when strict is off (the default): requests to a
// loopback server through the global `fetch` and through `http.get`, without the guard (before it
// is installed) and with it. The guard is built from src/fakes/offline/networkGuard.ts with esbuild,
// since the package exports it only through its setup entries.
//   fetch: guarded and raw `fetch` interleaved in one process, random order per round; the figure
//          is the median of the per-round ratios guarded / raw.
//   http:  `http.get` on fresh connections (agent: false, so every request meets the agent hook
//          and the socket hook), a phase before the guard against a phase after it: sequential,
//          so noisier.
//
//   node bench/network.mjs [rounds]        goal: median ratios <= 1.05
import { build } from 'esbuild';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { median, verdict } from './stats.mjs';

const rounds = Number(process.argv[2] ?? 200);
const batch = 20;

const server = http.createServer((_request, response) => response.end('ok'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const viaFetch = (fetcher) => async () => {
  for (let i = 0; i < batch; i += 1) await (await fetcher(url)).text();
};
const viaHttp = async () => {
  for (let i = 0; i < batch; i += 1) {
    await new Promise((resolve, reject) => http.get(url, { agent: false }, (response) => response.resume().on('end', resolve)).on('error', reject));
  }
};
const time = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

const raw = globalThis.fetch;
for (let i = 0; i < 20; i += 1) await viaHttp();
const httpBefore = [];
for (let i = 0; i < rounds; i += 1) httpBefore.push(await time(viaHttp));

const dir = mkdtempSync(join(tmpdir(), 'agents-testkit-bench-'));
const out = join(dir, 'networkGuard.mjs');
await build({ entryPoints: ['src/fakes/offline/networkGuard.ts'], bundle: true, platform: 'node', format: 'esm', outfile: out, external: ['@openai/agents'], logLevel: 'error' });
const { installNetworkGuard } = await import(pathToFileURL(out).href);
installNetworkGuard();
rmSync(dir, { recursive: true, force: true });
const guarded = globalThis.fetch;
if (guarded === raw) throw new Error('the guard did not wrap fetch');

for (let i = 0; i < 20; i += 1) await viaHttp();
const httpAfter = [];
for (let i = 0; i < rounds; i += 1) httpAfter.push(await time(viaHttp));

const ratios = [];
for (let i = 0; i < rounds; i += 1) {
  const pair = Math.random() < 0.5 ? [raw, guarded] : [guarded, raw];
  const times = new Map();
  for (const fetcher of pair) times.set(fetcher, await time(viaFetch(fetcher)));
  if (i >= 20) ratios.push(times.get(guarded) / times.get(raw));
}
server.close();

const fetchRatio = median(ratios);
const httpRatio = median(httpAfter) / median(httpBefore);
console.log(`fetch, ${batch} requests a round: median per-round ratio guarded/raw ${fetchRatio.toFixed(3)} (${ratios.length} rounds)`);
console.log(`http.get on fresh connections: median ${median(httpAfter).toFixed(2)} ms after / ${median(httpBefore).toFixed(2)} ms before a round of ${batch}`);
verdict('fetch through the guard, strict off', fetchRatio.toFixed(3), '<= 1.05', fetchRatio <= 1.05);
verdict('http.get through the guard, strict off', httpRatio.toFixed(3), '<= 1.05', httpRatio <= 1.05);
