/**
 * A loopback HTTP server that answers like the OpenAI Responses API (`POST /v1/responses`), as
 * JSON or, for `stream: true`, as server-sent events. Tests point the SDK's real adapter
 * (`OpenAIResponsesModel` with an `OpenAI` client) at it, so recording runs offline.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAIResponsesModel } from '@openai/agents';
import { OpenAI } from 'openai';

/** One output item of a Responses API response, before the server numbers its ids. */
export type ServerItem =
  | { type: 'message'; text: string }
  | { type: 'function_call'; name: string; args: Record<string, unknown> };

export const message = (text: string): ServerItem => ({ type: 'message', text });
export const functionCall = (name: string, args: Record<string, unknown>): ServerItem => ({ type: 'function_call', name, args });

/** A turn the server answers with a 500 carrying `message`, as a failing real call. */
export interface ServerFailure {
  readonly fail: string;
}
export const serverError = (message: string): ServerFailure => ({ fail: message });

/** A turn the server answers by closing the connection without a response, as a dropped network. */
export interface ServerDrop {
  readonly drop: true;
}
export const dropConnection = (): ServerDrop => ({ drop: true });

/** One response of the server: its output items, a failure, or a dropped connection. */
export type ServerTurn = readonly ServerItem[] | ServerFailure | ServerDrop;

export interface ServerRequest {
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

export interface ResponsesServer {
  /** The base URL for an `OpenAI` client: `http://127.0.0.1:<port>/v1`. */
  readonly url: string;
  readonly requests: readonly ServerRequest[];
  /** The SDK's Responses adapter with a client of this server. */
  model(name?: string): OpenAIResponsesModel;
  /** Stops the server; stopping a stopped server does nothing. */
  close(): Promise<void>;
}

export const TEST_API_KEY = 'sk-test-0123456789abcdefghijklmnop';

/** Serves `turns` in order, one per request; a failing turn, or a request beyond them, gets a 500; a dropped one no answer. */
export async function startResponsesServer(turns: readonly ServerTurn[]): Promise<ResponsesServer> {
  const requests: ServerRequest[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      requests.push({ body, headers: req.headers });
      const n = requests.length;
      const turn = turns[n - 1];
      if (turn !== undefined && 'drop' in turn) {
        req.socket.destroy();
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/responses' || turn === undefined || !Array.isArray(turn)) {
        const message = turn !== undefined && !Array.isArray(turn) ? (turn as ServerFailure).fail : `the test server has no response for request ${n} (${req.method} ${req.url})`;
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message } }));
        return;
      }
      const response = responseFor(turn, n, body.model);
      if (body.stream !== true) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(response));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of streamFor(response)) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    requests,
    model: (name = 'gpt-test') => new OpenAIResponsesModel(new OpenAI({ apiKey: TEST_API_KEY, baseURL: url, maxRetries: 0 }), name),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

interface ApiResponse {
  id: string;
  output: Record<string, unknown>[];
  [key: string]: unknown;
}

function responseFor(turn: readonly ServerItem[], n: number, model: unknown): ApiResponse {
  const output = turn.map((item, index) =>
    item.type === 'message'
      ? {
          type: 'message',
          id: `msg_${n}_${index + 1}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: item.text, annotations: [] }],
        }
      : {
          type: 'function_call',
          id: `fc_${n}_${index + 1}`,
          call_id: `call_${n}_${index + 1}`,
          name: item.name,
          arguments: JSON.stringify(item.args),
          status: 'completed',
        },
  );
  return {
    id: `resp_${n}`,
    object: 'response',
    created_at: 1_700_000_000 + n,
    status: 'completed',
    model: typeof model === 'string' ? model : 'gpt-test',
    output,
    usage: {
      input_tokens: 20 * n,
      output_tokens: 5,
      total_tokens: 20 * n + 5,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
}

/** The events the Responses API streams for `response`, text split into short deltas. */
function streamFor(response: ApiResponse): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [{ type: 'response.created', response: { ...response, status: 'in_progress', output: [] } }];
  response.output.forEach((item, index) => {
    const opened = item.type === 'message' ? { ...item, status: 'in_progress', content: [] } : { ...item, status: 'in_progress' };
    events.push({ type: 'response.output_item.added', output_index: index, item: opened });
    if (item.type === 'message') {
      const text = (item.content as { text: string }[])[0]?.text ?? '';
      for (const delta of text.match(/.{1,6}/gs) ?? []) {
        events.push({ type: 'response.output_text.delta', item_id: item.id, output_index: index, content_index: 0, delta });
      }
    }
    events.push({ type: 'response.output_item.done', output_index: index, item });
  });
  events.push({ type: 'response.completed', response });
  return events.map((event, sequence) => ({ ...event, sequence_number: sequence }));
}
