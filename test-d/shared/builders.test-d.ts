// Tool arguments in scripts are typed from the tool's zod schema; nothing decays to `any`.
import { Agent, type Model } from '@openai/agents';
import { model, realtime, type ModelCall, type ModelScript, type ToolArguments } from 'agents-testkit';
import type { RealtimeSession } from '@openai/agents/realtime';
import { check, typed, type Equal, type IsAny } from './assert';
import { billing, getWeather, ping, refund } from './fixtures';

check<Equal<ToolArguments<typeof getWeather>, { city: string; unit?: 'c' | 'f' | undefined; days?: number[] | undefined }>>();
check<Equal<ToolArguments<'get_weather'>, Record<string, unknown>>>();

const script = model({ name: 'weather' })
  .calls(getWeather, { city: 'Tokyo' })
  .thenCalls(getWeather, { city: 'Tokyo', unit: 'c', days: [1, 2] }, { callId: 'call_a' })
  .calls('any_tool_by_name', { anything: [1, { deep: true }] })
  .calls(ping)
  .handsOffTo(billing)
  .thenReplies('Sunny.')
  .turn((t) => t.replies('Checking.').calls(refund, { orderId: 'A-1', amount: 30 }))
  .responds((call) => {
    typed<ModelCall>(call);
    typed<string | undefined>(call.userText);
    return `You said ${call.userText ?? ''}`;
  })
  .times(2);

check<Equal<typeof script, ModelScript>>();
check<Equal<IsAny<typeof script>, false>>();
typed<Model>(script);
new Agent({ name: 'Weather', model: script, tools: [getWeather] });
typed<number>(script.remainingSteps);
typed<string | undefined>(script.firstRequest?.systemInstructions);

// @ts-expect-error a wrong type for a schema field
model().calls(getWeather, { city: 42 });
// @ts-expect-error a key the schema does not have
model().calls(getWeather, { city: 'Tokyo', country: 'JP' });
// @ts-expect-error a required field left out
model().calls(getWeather, {});
// @ts-expect-error arguments are required when the schema requires fields
model().calls(getWeather);
// @ts-expect-error a value outside the enum
model().thenCalls(getWeather, { city: 'Tokyo', unit: 'kelvin' });
// @ts-expect-error inside a turn too
model().turn((t) => t.calls(refund, { orderId: 'A-1', amount: '30' }));
// @ts-expect-error the call id goes in the options, not the arguments
model().calls(getWeather, { city: 'Tokyo', callId: 'call_a' });
// @ts-expect-error an unknown verb
model().repliez('Hi');

// A tool taken from an agent's own list fits without a cast (its arguments are a plain record).
const weatherAgent = new Agent({ name: 'Weather', tools: [getWeather] });
const fromAgent = weatherAgent.tools[0]!;
model().calls(fromAgent, { city: 'Tokyo' });
model().turn((t) => t.calls(fromAgent, { city: 'Tokyo' }));
// The SDK types `agent.tools` as `Tool<TContext>[]`, which erases each tool's parameters: a tool
// taken from there takes any record (or string), a misspelled argument included. The tool constant keeps its
// types, so scripts pass the constant (docs/tools-and-failures.md, "Typed arguments").
check<Equal<ToolArguments<typeof fromAgent>, string | Record<string, unknown>>>();
model().calls(fromAgent, { citty: 'Tokyo' });
// @ts-expect-error a misspelled argument, caught through the tool constant
model().calls(getWeather, { citty: 'Tokyo' });
// A planned tool failure: true, the text the model is handed, or a pattern of it.
model().calls(getWeather, { city: 'Atlantis' }, { toolFails: true });
model().calls(getWeather, { city: 'Atlantis' }, { toolFails: /no such city/ });
// @ts-expect-error toolFails is true, a string or a RegExp
model().calls(getWeather, { city: 'Atlantis' }, { toolFails: 1 });

// Calls of the tools the provider runs, typed by what each returns
model()
  .searchesWeb('weather in Oslo', { sources: [{ url: 'https://example.com', title: 'Example' }] })
  .thenSearchesFiles(['refund policy'], { results: [{ filename: 'policy.md', text: '30 days' }] })
  .thenRunsCode('print(1)', { outputs: [{ type: 'logs', logs: '1' }] })
  .thenGeneratesImage({ prompt: 'a cat' })
  .thenUsesComputer({ type: 'click', x: 1, y: 2, button: 'left' })
  .turn((t) => t.searchesWeb('a').runsCode('b'));
// @ts-expect-error a source needs its url
model().searchesWeb('weather', { sources: [{ title: 'no url' }] });
// @ts-expect-error a computer action the SDK does not know
model().usesComputer({ type: 'teleport' });

// Turns that answer by content, and turns that may go unused
model()
  .when('What is 2+2?', (t) => t.replies('4'))
  .when(/weather/, (t) => t.calls(getWeather, { city: 'Oslo' }))
  .when((call) => call.userText === 'Hi', (t) => t.replies('Hello'))
  .replies('Maybe.')
  .optional();
// @ts-expect-error a predicate returns a boolean: a forgotten return is a type error
model().when((call) => void call.userText, (t) => t.replies('x'));

// realtime().expectSessionError: what the error must be like, with or without the session first.
declare const session: RealtimeSession;
realtime().expectSessionError();
realtime().expectSessionError('rate limited');
realtime().expectSessionError(/rate limited/);
realtime().expectSessionError((error) => error instanceof Error);
realtime().expectSessionError(session);
realtime().expectSessionError(session, 'rate limited');
// @ts-expect-error a match is text, a RegExp or a predicate
realtime().expectSessionError(42);
// @ts-expect-error a match comes after the session, not before it
realtime().expectSessionError('rate limited', session);
