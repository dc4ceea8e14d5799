// sweep(): a test body run once per injection point, each with one fault, deterministically.
import { Agent, run, tool } from '@openai/agents';
import { shell } from '@openai/agents/sandbox';
import { InjectedFault, lifecycle, model, realtime, sandbox, sweep, SweepError, UnknownPointError, type Responder } from 'agents-testkit';
import { functionCall } from '@openai/agents/testing';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { hostProcess } from '../src/runner/coupling';
import { REJECTION_WINDOW_MS } from '../src/sweep/rejections';
import { describe, expect, rejectionOf, sandboxAgent, test } from './support';

const getWeather = tool({
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `It is sunny in ${city}.`,
});

/** The README's tool-loop recipe, as a sweep's body. */
async function toolLoop() {
  const weatherModel = model().calls(getWeather, { city: 'Tokyo' }).thenReplies('It is sunny in Tokyo.');
  const agent = new Agent({ name: 'Weather', model: weatherModel, tools: [getWeather] });
  const result = await run(agent, 'Weather in Tokyo?');
  expect(result.finalOutput).toBe('It is sunny in Tokyo.');
}

describe('sweep()', () => {
  test("over the README's tool loop: every injection point, in order, and the ones where its assertion cannot hold", async () => {
    const error = (await rejectionOf(sweep(toolLoop))) as SweepError;
    expect(error).toBeInstanceOf(SweepError);
    expect(error.points.map((point) => [point.name, point.outcome])).toEqual([
      ['model call 1 fails', 'broke'],
      ['model call 1 fails, retry advised', 'broke'],
      ['tool get_weather throws on call 1', 'held'],
      ['model call 2 fails', 'broke'],
      ['model call 2 fails, retry advised', 'broke'],
    ]);
    expect(error.first).toBe('model call 1 fails');
    expect(error.message).toContain("Run the first on its own: sweep(body, { only: 'model call 1 fails' })");
    expect(error.message).toContain('BROKE       model call 1 fails');
  });

  test('the reproduction line is the one docs/sweeps.md shows, quoted alike', async () => {
    const documented = /ready to paste:\n`(sweep\(body, \{ only: .*\}\))`/.exec(readFileSync('docs/sweeps.md', 'utf8'))?.[1];
    expect(documented).toBe("sweep(body, { only: 'tool get_weather throws on call 1' })");
    const echo = async () => {
      const script = model().calls(getWeather, { city: 'Tokyo' }).thenResponds(({ toolOutputs }) => toolOutputs[0]?.text ?? '');
      const result = await run(new Agent({ name: 'Weather', model: script, tools: [getWeather] }), 'Weather in Tokyo?');
      expect(result.finalOutput).toBe('It is sunny in Tokyo.');
    };
    const error = (await rejectionOf(sweep(echo, { kinds: ['tool'] }))) as SweepError;
    expect(error.message.split('\n').at(-1)).toBe(`Run the first on its own: ${documented}`);
  });

  test('an app that answers with an apology when its run fails holds under every fault', async () => {
    const answer = async (agent: Agent, question: string) => {
      try {
        return String((await run(agent, question)).finalOutput);
      } catch {
        return 'Sorry, something went wrong.';
      }
    };
    const report = await sweep(async () => {
      const agent = new Agent({ name: 'Weather', model: model().calls(getWeather, { city: 'Tokyo' }).thenReplies('Sunny.'), tools: [getWeather] });
      expect(await answer(agent, 'Weather?')).not.toBe('');
    });
    expect(report.points).toHaveLength(5);
    expect(report.points.every((point) => point.outcome === 'held')).toBe(true);
  });

  test('catches an app that crashes when its tool throws', async () => {
    // The app reads the tool's JSON straight from the run: fine until the tool fails.
    const quote = tool({ name: 'quote', description: 'A price', parameters: z.object({}), execute: async () => JSON.stringify({ price: 42 }) });
    const body = async () => {
      const agent = new Agent({ name: 'Prices', model: model().calls(quote, {}), tools: [quote], toolUseBehavior: 'stop_on_first_tool' });
      let price: number;
      try {
        price = (JSON.parse(String((await run(agent, 'Price?')).finalOutput)) as { price: number }).price;
      } catch (error) {
        if (error instanceof InjectedFault) return; // a model outage is handled
        throw error;
      }
      expect(price).toBe(42);
    };
    const error = (await rejectionOf(sweep(body))) as SweepError;
    expect(error.points.map((point) => [point.name, point.outcome])).toEqual([
      ['model call 1 fails', 'held'],
      ['model call 1 fails, retry advised', 'held'],
      ['tool quote throws on call 1', 'broke'],
    ]);
    expect(String(error.points[2]?.error)).toContain('SyntaxError');
    // The broken point runs on its own, and breaks the same way.
    const alone = (await rejectionOf(sweep(body, { only: error.first }))) as SweepError;
    expect(alone.points).toEqual([expect.objectContaining({ name: 'tool quote throws on call 1', outcome: 'broke' })]);
  });

  test('sandbox calls and Realtime sends are injection points too', async () => {
    const sandboxPoints = await sweep(
      async () => {
        const sb = sandbox().exec('ls').returns('a.md\n');
        const script = model().calls('exec_command', { cmd: 'ls' }).thenReplies('Done.');
        await run(sandboxAgent(script, [shell()]), 'List.', { sandbox: { session: sb } });
      },
      { kinds: ['sandbox'] },
    );
    expect(sandboxPoints.points.map((point) => [point.name, point.outcome])).toEqual([['sandbox call 1 (exec "ls") fails', 'held']]);

    const realtimePoints = await sweep(
      async () => {
        const rt = realtime().expect('sendMessage', { message: 'Hi' });
        const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), { transport: rt });
        session.on('error', () => undefined);
        await session.connect({ apiKey: 'test' });
        try {
          session.sendMessage('Hi');
        } catch {
          // the app tolerates a failed send
        }
        session.close();
      },
      { kinds: ['realtime'] },
    );
    expect(realtimePoints.points.map((point) => [point.name, point.outcome])).toEqual([
      ['realtime send 1 (sendMessage) fails', 'held'],
      ['realtime connection drops at send 1 (sendMessage)', 'held'],
    ]);
  });

  test('what must hold is the body\'s to state: a naive retry that charges twice breaks the point after the charge', async () => {
    const charge = tool({ name: 'charge', description: 'Charges the card', parameters: z.object({}), execute: async () => 'charged' });
    const error = (await rejectionOf(
      sweep(async () => {
        // A model that charges on a fresh conversation and confirms once the charge came back; the
        // turns of a retry are optional, since without a fault the app never retries.
        let calls = 0;
        const decide: Responder = ({ toolOutputs }) => (toolOutputs.length > 0 ? 'Done.' : [functionCall('charge', '{}', { callId: `charge_${++calls}` })]);
        const script = model().responds(decide).thenResponds(decide).thenResponds(decide).optional().thenResponds(decide).optional();
        const agent = new Agent({ name: 'Shop', model: script, tools: [charge] });
        const life = lifecycle(agent);
        await run(agent, 'Charge').catch(() => run(agent, 'Charge').catch(() => undefined));
        expect(life).toHaveCalledToolTimes(charge, 1);
      }, { kinds: ['model'] }),
    )) as SweepError;
    expect(error.points.filter((point) => point.outcome === 'broke').map((point) => point.name)).toEqual(['model call 2 fails', 'model call 2 fails, retry advised']);
  });

  test('the line that reproduces a point quotes it as code, and pasted back it runs that point alone', async () => {
    // A command with both kinds of quote and a backslash: the point's name holds all three.
    const command = `echo 'it\\s' "done"`;
    const body = async () => {
      const sb = sandbox().exec(command).returns('its done\n');
      const script = model().calls('exec_command', { cmd: command }).thenResponds(({ toolOutputs }) => toolOutputs[0]?.text ?? '');
      const result = await run(sandboxAgent(script, [shell()]), 'Run it.', { sandbox: { session: sb } });
      expect(result.finalOutput).toContain('its done');
    };
    const error = (await rejectionOf(sweep(body, { kinds: ['sandbox'] }))) as SweepError;
    expect(error.first).toBe(`sandbox call 1 (exec ${JSON.stringify(command)}) fails`);
    const line = /^Run the first on its own: sweep\(body, \{ only: (.*) \}\)$/m.exec(error.message)?.[1] as string;
    expect(line).toBe(String.raw`'sandbox call 1 (exec "echo \'it\\\\s\' \\"done\\"") fails'`);
    const pasted = new Function(`return ${line};`)() as string;
    const alone = (await rejectionOf(sweep(body, { only: pasted }))) as SweepError;
    expect(alone.points.map((point) => [point.name, point.outcome])).toEqual([[error.first, 'broke']]);
  });

  test('a point that no run reaches fails, listing the points there are, closest first', async () => {
    const error = (await rejectionOf(sweep(toolLoop, { only: 'tool get_wether throws on call 1' }))) as UnknownPointError;
    expect(error).toBeInstanceOf(UnknownPointError);
    expect(error).toMatchObject({ point: 'tool get_wether throws on call 1' });
    expect(error.points).toEqual([
      'tool get_weather throws on call 1',
      'model call 1 fails',
      'model call 2 fails',
      'model call 1 fails, retry advised',
      'model call 2 fails, retry advised',
    ]);
    expect(error.message).toBe(
      [
        "sweep(body, { only: 'tool get_wether throws on call 1' }): no run of the body reaches that point. Its points, closest first:",
        "  'tool get_weather throws on call 1'",
        "  'model call 1 fails'",
        "  'model call 2 fails'",
        "  'model call 1 fails, retry advised'",
        "  'model call 2 fails, retry advised'",
      ].join('\n'),
    );
    // A body that reaches no point at all says so, rather than listing nothing.
    const none = await rejectionOf(sweep(() => undefined, { only: 'model call 1 fails' }));
    expect(none.message).toBe("sweep(body, { only: 'model call 1 fails' }): no run of the body reaches that point; the body reaches no injection point at all.");
    // A body that fails before it gets there may be why: the error says so.
    const failing = await rejectionOf(sweep(() => Promise.reject(new Error('no network')), { only: 'model call 1 fails' }));
    expect(failing.message).toContain('\nThe run failed before it got further: Error: no network');
    expect(failing.cause).toEqual(new Error('no network'));
  });

  describe('an unhandled rejection breaks the point whose run left it', () => {
    /** An app that answers with an apology when its run fails, and reports the failure without waiting. */
    const app = (report: (error: unknown) => Promise<void>) => async () => {
      const agent = new Agent({ name: 'Weather', model: model().replies('Sunny.') });
      let reply: string;
      try {
        reply = String((await run(agent, 'Weather?')).finalOutput);
      } catch (error) {
        void report(error);
        reply = 'Sorry.';
      }
      expect(reply).toMatch(/Sunny|Sorry/);
    };
    /** A report that fails `delayMs` after the run gave up. */
    const reporterDown = (delayMs: (point: string) => number) => async (error: unknown) => {
      const point = (error as InjectedFault).point;
      await new Promise((resolve) => setTimeout(resolve, delayMs(point)));
      throw new Error(`the reporter is down (${point})`);
    };

    test('one that surfaces within the window after the run ended: the table, the point and the line that reproduces it', async () => {
      const warnings: Error[] = [];
      const onWarning = (warning: Error) => void warnings.push(warning);
      hostProcess().on('warning', onWarning);
      const error = (await rejectionOf(sweep(app(reporterDown((point) => (point === 'model call 1 fails' ? 1 : REJECTION_WINDOW_MS - 1)))))) as SweepError;
      hostProcess().off('warning', onWarning);
      // Taking a rejection over is quiet: Node does not warn that it was handled late.
      expect(warnings.map(String)).toEqual([]);
      expect(error).toBeInstanceOf(SweepError);
      expect(error.points.map((point) => [point.name, point.outcome, String(point.error)])).toEqual([
        ['model call 1 fails', 'broke', 'Error: the reporter is down (model call 1 fails)'],
        ['model call 1 fails, retry advised', 'broke', 'Error: the reporter is down (model call 1 fails, retry advised)'],
      ]);
      expect(error.message).toContain('BROKE       model call 1 fails\n              Error: the reporter is down (model call 1 fails)');
      expect(error.message).toContain("Run the first on its own: sweep(body, { only: 'model call 1 fails' })");
    });

    test('one that surfaces after its window, while a later point runs, is still that point\'s', async () => {
      // The first point's report fails once the next run has started; the next one's, at once.
      let nextRun = (): void => undefined;
      const body = app(async (error) => {
        const point = (error as InjectedFault).point;
        if (point === 'model call 1 fails') await new Promise<void>((resolve) => (nextRun = resolve));
        throw new Error(`the reporter is down (${point})`);
      });
      const error = (await rejectionOf(
        sweep(async () => {
          nextRun();
          await body();
        }),
      )) as SweepError;
      expect(error.points.map((point) => [point.name, String(point.error)])).toEqual([
        ['model call 1 fails', 'Error: the reporter is down (model call 1 fails)'],
        ['model call 1 fails, retry advised', 'Error: the reporter is down (model call 1 fails, retry advised)'],
      ]);
    });

    test('one of a promise made outside every run breaks the point that was running', async () => {
      // The app rejects a promise the test made before the sweep: it carries no run of its own.
      const outside = Array.from({ length: 2 }, () => {
        let reject!: (error: unknown) => void;
        const promise = new Promise<void>((_, rejectWith) => (reject = rejectWith));
        return { promise, reject };
      });
      let next = 0;
      const error = (await rejectionOf(sweep(app(async (cause) => outside[next++]?.reject(new Error(`lost (${(cause as InjectedFault).point})`)))))) as SweepError;
      expect(error.points.map((point) => [point.name, String(point.error)])).toEqual([
        ['model call 1 fails', 'Error: lost (model call 1 fails)'],
        ['model call 1 fails, retry advised', 'Error: lost (model call 1 fails, retry advised)'],
      ]);
      expect(outside).toHaveLength(2);
    });

    test('in the run without faults, it means the body does not pass, even when it surfaces during a later run', async () => {
      const body = async () => {
        void Promise.reject(new Error('dropped on every run'));
      };
      const error = await rejectionOf(sweep(body));
      expect(error.message).toContain('sweep(): the body does not pass without faults, so no fault can be judged against it: Error: dropped on every run');

      let runs = 0;
      let nextRun = (): void => undefined;
      const late = await rejectionOf(
        sweep(async () => {
          runs += 1;
          nextRun();
          if (runs === 1) void new Promise<void>((resolve) => (nextRun = resolve)).then(() => Promise.reject(new Error('dropped late')));
          await app(async () => undefined)();
        }),
      );
      expect(late.message).toContain('sweep(): the body does not pass without faults, so no fault can be judged against it: Error: dropped late');
    });
  });

  test('the body must pass without faults, and options are checked', async () => {
    const failing = await rejectionOf(sweep(() => expect(1).toBe(2)));
    expect(failing.message).toContain('sweep(): the body does not pass without faults');
    await expect(sweep('body' as never)).rejects.toThrow('sweep() takes the test body, a function; got the string "body".');
    await expect(sweep(toolLoop, { kinds: ['network' as never] })).rejects.toThrow("sweep({ kinds }) lists some of 'model', 'tool', 'sandbox', 'realtime'");
    await expect(sweep(toolLoop, { only: '' })).rejects.toThrow('sweep({ only }) names one point');
  });
});
