import type { ScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import type { AudioProgress } from './audio';
import type { RealtimePlan } from './plan';
import { awaitedBy, labelOf, type RealtimeStep } from './step';

/** The transport's state, as far as a waiting step depends on it. */
export interface Connection {
  status: ScriptedRealtimeTransport['status'];
  /** Connected once and no longer: the session closed, or the connection dropped. */
  closed: boolean;
}

/** How a report lists a step not played yet: an audio step in progress says how much it has taken. */
export function describePending(plan: RealtimePlan, audio: AudioProgress, index: number): string {
  const step = plan.at(index) as RealtimeStep;
  const line = labelOf(step);
  if (step.kind === 'expect' && step.audio && index === plan.cursor && audio.taken > 0) {
    return `${line} — ${audio.describeTaken()} received so far`;
  }
  return line;
}

/** What `settled()` was still waiting for when it timed out, and how to get it there. */
export function waitingFor(plan: RealtimePlan, audio: AudioProgress, index: number, connection: Connection): string {
  const step = plan.at(index) as RealtimeStep;
  if (step.kind === 'expect' && step.audio && audio.taken > 0) {
    return `more sendAudio calls (step ${index + 1} has taken ${audio.describeTaken()} so far)`;
  }
  if (step.kind !== 'emit') return `${awaitedBy(step)} (step ${index + 1})`;
  const status = connection.status === 'connected' ? 'connected, but connect() had not resolved' : connection.status;
  const fix = connection.closed ? '; to deliver it to the closed session, write .evenIfClosed() after it' : '';
  return `the session to connect, to deliver step ${index + 1}, ${labelOf(step)}: events reach the session only once session.connect() has resolved (the transport is ${status}${fix})`;
}
