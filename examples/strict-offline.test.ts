import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, run, tool } from '@openai/agents';
import { configure, model } from 'agents-testkit';
import { z } from 'zod';

// For this file: no request beyond loopback leaves the machine, whichever client makes it
// (the SDK's models, the app's own OpenAI client, fetch, http, a socket), except to the hosts listed.
configure({ offline: 'strict', allow: [/\.internal\.example$/] });

test('under strict offline the app still reaches a service on loopback', async () => {
  const inventory = createServer((_request, response) => response.end('3 in stock'));
  await new Promise<void>((resolve) => inventory.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(inventory.address() as AddressInfo).port}`;
  const stock = tool({
    name: 'stock',
    description: 'Units in stock',
    parameters: z.object({ sku: z.string() }),
    execute: async ({ sku }) => (await fetch(`${base}/stock/${sku}`)).text(),
  });
  const agent = new Agent({ name: 'Shop', model: model().calls(stock, { sku: 'A1' }).thenReplies('3 left.'), tools: [stock] });

  const result = await run(agent, 'How many A1?');

  expect(result).toHaveCalledTool('stock', { sku: 'A1' });
  expect(result.finalOutput).toBe('3 left.');
  inventory.close();
});
