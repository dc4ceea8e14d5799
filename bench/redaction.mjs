#!/usr/bin/env node
// The redaction of a 1 MB recording: a cassette-shaped value of many turns (instructions, long
// user texts, tool calls with JSON arguments, tool outputs of JSON text with URLs, headers in the
// settings, usage), with a few secrets of every form in it, passed through redactSecrets, the one
// function every writer of the kit goes through. The figure is the median of the rounds.
// redactSecrets is internal, so it is bundled from src/ with esbuild (no build needed).
//
//   node bench/redaction.mjs [rounds]        goal: median <= 50 ms for 1 MB
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { median, ms, quantile, verdict } from './stats.mjs';

const rounds = Number(process.argv[2] ?? 40);
const dir = mkdtempSync(join(tmpdir(), 'redaction-bench-'));
const out = join(dir, 'secrets.mjs');
await build({ entryPoints: [new URL('../src/format/secrets.ts', import.meta.url).pathname], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
const { redactSecrets } = await import(pathToFileURL(out).href);
rmSync(dir, { recursive: true, force: true });

process.env.BENCH_SERVICE_TOKEN = 'bench-env-token-0123456789';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJiZW5jaCJ9.c2lnbmF0dXJlLWJlbmNo';
const prose = 'The quarterly report covers revenue, churn and the roadmap; basic figures first, then the details by region. ';

function call(turn) {
  const secret = turn % 25 === 0;
  return {
    request: {
      instructions: `You are the support agent. Answer briefly. Turn ${turn}.`,
      input: [
        { role: 'user', content: prose.repeat(6) + (secret ? ` Use https://api.example.test/v1?subscription-key=abc${turn}&page=2.` : '') },
        { type: 'function_call', callId: `call_${turn}`, name: 'lookup_order', arguments: JSON.stringify({ orderId: `A-${turn}`, region: 'eu-west', fields: ['status', 'eta', 'items'] }) },
        {
          type: 'function_call_result',
          callId: `call_${turn}`,
          name: 'lookup_order',
          status: 'completed',
          output: {
            type: 'text',
            text: JSON.stringify({
              order: `A-${turn}`,
              status: 'shipped',
              items: Array.from({ length: 8 }, (_, item) => ({ sku: `SKU-${item}`, title: 'A reasonably long product title for the bench', quantity: item + 1 })),
              tracking: `https://tracking.example.test/parcels/${turn}?lang=en&view=full`,
              note: secret ? `Authorization: Bearer ${jwt} and db user:pa55word@db.example.test/orders` : 'Delivered to the front door.',
            }),
          },
        },
      ],
      tools: [{ type: 'function', name: 'lookup_order', description: 'Looks an order up by its id.', parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] }, strict: true }],
      handoffs: [],
      outputType: 'text',
      settings: { temperature: 0.2, maxTokens: 800, providerData: { headers: { 'api-key': secret ? 'azure-key-123456' : 'placeholder', 'x-request-source': 'bench' } } },
    },
    streamed: false,
    response: {
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: prose.repeat(3) + (secret ? process.env.BENCH_SERVICE_TOKEN : '') }] }],
      usage: { requests: 1, inputTokens: 1200, outputTokens: 300, totalTokens: 1500, inputTokensDetails: { cached_tokens: 0 }, outputTokensDetails: { reasoning_tokens: 0 } },
      responseId: `resp_${turn}`,
    },
  };
}

const calls = [];
let size = 0;
for (let turn = 0; size < 1_000_000; turn += 1) {
  const next = call(turn);
  calls.push(next);
  size += JSON.stringify(next).length;
}
const recording = { version: 2, conversations: { default: { calls } } };
const text = JSON.stringify(redactSecrets(recording));
for (const secret of ['abc25', jwt, 'pa55word', 'azure-key-123456', 'bench-env-token-0123456789']) {
  if (text.includes(secret)) throw new Error(`the bench recording still holds ${secret}`);
}

const samples = [];
for (let round = 0; round < rounds + 5; round += 1) {
  const start = performance.now();
  redactSecrets(recording);
  const took = performance.now() - start;
  if (round >= 5) samples.push(took);
}
const mb = size / 1_000_000;
console.log(`redactSecrets over a ${mb.toFixed(2)} MB recording (${calls.length} calls), ${rounds} rounds after 5 warm-up rounds`);
console.log(`median ${ms(median(samples))}, p90 ${ms(quantile(samples, 0.9))}, fastest ${ms(Math.min(...samples))}`);
verdict('median per MB', ms(median(samples) / mb), '<= 50 ms', median(samples) / mb <= 50);
