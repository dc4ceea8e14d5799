// The app's agents live in a CommonJS module, which holds the SDK's CommonJS copy: the kit guards it
// and routes it as it does the copy the test file imports.
import { model, modelProvider, realtime } from 'agents-testkit';
// @ts-expect-error: the CommonJS module has no types
import helpdesk from './helpdesk.cjs';

test('a route the test installs answers the agent a CommonJS module of the app runs', async () => {
  modelProvider({ agents: { Helpdesk: model().replies('Answered by the script.') } }).install();

  expect(await helpdesk.answer('Hi')).toBe('Answered by the script.');
});

// Must FAIL, naming: Agent "Helpdesk" would call the real model "gpt-5.4-mini"
test('the agent of the CommonJS module is kept offline when no script answers it', async () => {
  await helpdesk.answer('Hi');
});

test('a tool call of the CommonJS module runs the tool the script names', async () => {
  modelProvider({ agents: { Helpdesk: model().calls('lookup_order', { orderId: 'A-1' }).thenReplies('It ships tomorrow.') } }).install();

  expect(await helpdesk.answer('Where is order A-1?')).toBe('It ships tomorrow.');
});

// Must FAIL, naming: expected calls(lookup_order, {"orderId":"A-0"}) to run the tool
test('a tool of the CommonJS module that throws fails the test, though the SDK hands its error to the model', async () => {
  modelProvider({ agents: { Helpdesk: model().calls('lookup_order', { orderId: 'A-0' }).thenReplies('Sorry, try later.') } }).install();

  await helpdesk.answer('Where is order A-0?');
});

// Must FAIL, naming: the output of lookup_order (call_1) as its run ended
test('a tool that throws in a run of the CommonJS module that ends at the tool fails the test: the run’s end holds its output', async () => {
  modelProvider({ agents: { OrderDesk: model().calls('lookup_order', { orderId: 'A-0' }) } }).install();

  await helpdesk.lookUp('Where is order A-0?');
});

// Must FAIL, naming: polite_lookup
test('a tool of the CommonJS module whose own errorFunction hides its failure still fails the test', async () => {
  modelProvider({ agents: { Helpdesk: model().calls('polite_lookup', { orderId: 'A-0' }).thenReplies('Sorry, try later.') } }).install();

  await helpdesk.answer('Where is order A-0?');
});

// Must FAIL, naming: The order system is slow; try again later.
test('a tool of the CommonJS module whose own timeoutErrorFunction hides its timeout still fails the test', async () => {
  modelProvider({ agents: { Helpdesk: model().calls('slow_lookup', { orderId: 'A-1' }).thenReplies('It ships tomorrow.') } }).install();

  await helpdesk.answer('Where is order A-1?');
});

// Must FAIL, naming: its own errorFunction made "Refunds are resting; try again later." of the failure
test('a Realtime tool of the CommonJS module whose own errorFunction hides its failure fails the test', async () => {
  const rt = realtime().emitToolCall('polite_refund', { orderId: 'A-0' }).expectToolOutput('polite_refund');
  await helpdesk.startVoice(rt);
  await rt.settled();
});

// Must FAIL, naming: the session reported the error Error: the moderation service is down
test("a Realtime session of the CommonJS module whose guardrail fails fails the test, though the app only logs the error", async () => {
  const rt = realtime().emitTextReply('Your refund is on its way.');
  await helpdesk.startModeratedVoice(rt);
  await rt.settled();
});
