// A small MCP server over stdio (newline-delimited JSON-RPC), written by hand so the scenario needs
// no server package: one tool, read_note. `--exit-on-call=N` makes it exit when the N-th tool call
// arrives, without answering it: the connection is lost in the middle of a recording.
import { createInterface } from 'node:readline';

const NOTES = { 1: 'Note 1: call the plumber.', 2: 'Note 2: buy milk.' };
const exitOn = Number(process.argv.find((arg) => arg.startsWith('--exit-on-call='))?.split('=')[1] ?? 0);
let calls = 0;

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  const { id, method, params } = JSON.parse(line);
  if (id === undefined) return; // a notification
  if (method === 'initialize') {
    send({ id, result: { protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'notes', version: '1.0.0' } } });
  } else if (method === 'tools/list') {
    const inputSchema = { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] };
    send({ id, result: { tools: [{ name: 'read_note', description: 'Read a note by its number', inputSchema }] } });
  } else if (method === 'tools/call') {
    calls += 1;
    if (calls === exitOn) process.exit(0);
    const text = NOTES[params.arguments?.id] ?? `No note ${params.arguments?.id}.`;
    send({ id, result: { content: [{ type: 'text', text }] } });
  } else if (method === 'ping') {
    send({ id, result: {} });
  } else {
    send({ id, error: { code: -32601, message: `unknown method ${method}` } });
  }
});
