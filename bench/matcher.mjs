#!/usr/bin/env node
// toHaveCalledTool on a run that made 2,000 tool calls, through Jest's standalone `expect` with
// the kit's matchers registered: the passing case, the `.not` case and a failure (whose message
// lists the calls). Runs against the built package: `npm run build` first.
//
//   node bench/matcher.mjs [repetitions]     goal: median < 5 ms
import { performance } from 'node:perf_hooks';
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { expect } from 'expect';
import { z } from 'zod';
import { matchers, model } from '../dist/index.js';
import { median, ms, quantile, verdict } from './stats.mjs';

setTracingDisabled(true);
expect.extend(matchers);
const repetitions = Number(process.argv[2] ?? 200);
const CALLS = 2000;

const lookup = tool({
  name: 'lookup',
  description: 'Looks a record up',
  parameters: z.object({ id: z.number(), tags: z.array(z.string()) }),
  execute: async ({ id }) => `record ${id}`,
});

const script = model().turn((t) => {
  for (let id = 0; id < CALLS; id += 1) t.calls(lookup, { id, tags: ['a', 'b'] });
}).thenReplies('Done.');
const result = await run(new Agent({ name: 'Bulk', model: script, tools: [lookup] }), 'Look them all up', { maxTurns: 3 });
const made = result.newItems.filter((item) => item.type === 'tool_call_item').length;
if (made !== CALLS) throw new Error(`the run made ${made} tool calls, not ${CALLS}`);

function measure(label, assertion) {
  for (let i = 0; i < 20; i += 1) assertion();
  const samples = [];
  for (let i = 0; i < repetitions; i += 1) {
    const start = performance.now();
    assertion();
    samples.push(performance.now() - start);
  }
  console.log(`  ${label.padEnd(58)} median ${ms(median(samples))}  p90 ${ms(quantile(samples, 0.9))}`);
  return median(samples);
}

function fails(assertion) {
  return () => {
    try {
      assertion();
    } catch (error) {
      if (error.message.length < 100) throw error;
      return;
    }
    throw new Error('the assertion was expected to fail');
  };
}

console.log(`toHaveCalledTool on a run with ${CALLS} tool calls, ${repetitions} repetitions each`);
const pass = measure('pass: the last call matches { id: 1999 }', () =>
  expect(result).toHaveCalledTool(lookup, { id: CALLS - 1, tags: expect.arrayContaining(['b']) }),
);
const byName = measure('pass: by name, no arguments', () => expect(result).toHaveCalledTool('lookup'));
const not = measure('.not passes: no call matches { id: -1 }', () => expect(result).not.toHaveCalledTool(lookup, { id: -1 }));
const failure = measure('failure, message included: no call matches { id: -1 }', fails(() => expect(result).toHaveCalledTool(lookup, { id: -1 })));
verdict('toHaveCalledTool on 2,000 calls, passing, median', ms(pass), '< 5 ms', pass < 5);
verdict('toHaveCalledTool on 2,000 calls, by name, median', ms(byName), '< 5 ms', byName < 5);
verdict('.not.toHaveCalledTool on 2,000 calls, median', ms(not), '< 5 ms', not < 5);
verdict('failing toHaveCalledTool on 2,000 calls with its message, median', ms(failure), '< 5 ms', failure < 5);
