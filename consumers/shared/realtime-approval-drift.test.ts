import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { realtime } from 'agents-testkit';
import { z } from 'zod';

// The app's approval handler now rejects the refund. The SDK never runs the tool and sends the model
// "Tool execution was not approved." as the call's output; a step that expects the tool's output,
// whatever it is, must not take that text for one.
// Must FAIL, naming: an output that is not the SDK's tool-error text or an approval's rejection
test("drift: the app rejects the call whose output the script expects", async () => {
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order',
    parameters: z.object({ orderId: z.string() }),
    needsApproval: true,
    execute: async ({ orderId }) => `Refunded ${orderId}.`,
  });
  const rt = realtime({ timeoutMs: 500 }).emitToolCall(refund, { orderId: 'A-1' }).expectToolOutput(refund);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Support', tools: [refund] }), { transport: rt });
  session.on('tool_approval_requested', (_context, _agent, request) => void session.reject(request.approvalItem));
  await session.connect({ apiKey: 'test' });

  await rt.settled();
  session.close();
});
