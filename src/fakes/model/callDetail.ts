// What the ledger keeps of a model call until a report words it: one number, no closure per call.

/**
 * A call's detail for the ledger, one number: the turn it played (or none left) and whether it
 * streamed. `fromCallDetail` reads it back when a report describes the call.
 */
export function callDetail(streamed: boolean, stepIndex: number | undefined): number {
  return ((stepIndex ?? -1) + 1) * 2 + (streamed ? 1 : 0);
}

export function fromCallDetail(detail: number): { streamed: boolean; stepIndex: number | undefined } {
  const step = Math.floor(detail / 2) - 1;
  return { streamed: detail % 2 === 1, stepIndex: step < 0 ? undefined : step };
}
