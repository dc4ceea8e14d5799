import type { AgentInputItem } from '@openai/agents';
import { ConversationReader } from '../src/fakes/model/conversation';
import { describe, expect, test } from './support';

// model() reads a request only as far as it is new: the SDK builds each request of a run from the
// same item objects as the last one, plus the items since.

const user = (text: string) => ({ type: 'message', role: 'user', content: text }) as AgentInputItem;
const call = (callId: string) => ({ type: 'function_call', callId, name: 'lookup_order', arguments: '{}', status: 'completed' }) as AgentInputItem;
const result = (callId: string) => ({ type: 'function_call_result', callId, name: 'lookup_order', status: 'completed', output: { type: 'text', text: 'ok' } }) as AgentInputItem;

describe('ConversationReader', () => {
  test('a growing conversation is read only from where the last request ended; its call ids are all known', () => {
    const reader = new ConversationReader();
    const first = [user('Hi'), call('call_1')];
    expect(reader.read(first).fresh).toEqual(first);
    const second = [...first, result('call_1'), call('call_2')];
    const reading = reader.read(second);
    expect(reading.fresh).toEqual([result('call_1'), call('call_2')]);
    expect([...reading.callIds].sort()).toEqual(['call_1', 'call_2']);
    // The same request again (a retry) brings nothing new.
    expect(reader.read(second).fresh).toEqual([]);
  });

  test('a conversation rebuilt from new objects is read in full', () => {
    const reader = new ConversationReader();
    reader.read([user('Hi'), call('call_1')]);
    const rebuilt = [user('Hi'), call('call_1'), result('call_1')];
    expect(reader.read(rebuilt).fresh).toHaveLength(3);
  });

  test('a conversation rebuilt from new objects (SDK 0.20 clones every item per request) still knows every call id it holds', () => {
    const reader = new ConversationReader();
    reader.read([user('Hi'), call('call_1')]);
    const rebuilt = reader.read([user('Hi'), call('call_1'), result('call_1'), call('call_2')]);
    expect(rebuilt.holds('call_1')).toBe(true);
    expect(rebuilt.holds('call_2')).toBe(true);
    expect(rebuilt.holds('call_3')).toBe(false);
    expect([...rebuilt.callIds].sort()).toEqual(['call_1', 'call_2']);
    // Continued with the same objects, the ids read in full before are collected once and kept.
    const first = [user('Hi'), call('call_1')];
    reader.read(first);
    const continued = reader.read([...first, result('call_1'), call('call_3')]);
    expect(continued.fresh).toEqual([result('call_1'), call('call_3')]);
    expect(continued.holds('call_1')).toBe(true);
    expect(continued.holds('call_3')).toBe(true);
    expect(continued.holds('call_2')).toBe(false);
  });

  test('two conversations forked from one history each keep their own call ids', () => {
    const reader = new ConversationReader();
    const history = [user('Hi'), call('call_1'), result('call_1')];
    reader.read(history);
    const a = reader.read([...history, call('call_a')]);
    expect(a.callIds.has('call_a')).toBe(true);
    const b = reader.read([...history, call('call_b')]);
    expect(b.fresh).toEqual([call('call_b')]);
    expect(b.callIds.has('call_a')).toBe(false);
    expect(b.callIds.has('call_1')).toBe(true);
  });

  test('a string input has nothing to read', () => {
    expect(new ConversationReader().read('Hi').fresh).toEqual([]);
  });
});
