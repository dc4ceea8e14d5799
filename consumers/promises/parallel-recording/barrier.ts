// Makes the two spec files overlap: each says it is ready, then waits (bounded) for the other, so
// both recordings are open at once and both are committed when their tests end, at about the same time.
import { existsSync, writeFileSync } from 'node:fs';

export async function meetTheOtherWorker(me: string, other: string): Promise<void> {
  writeFileSync(`ready-${me}`, String(process.pid));
  const deadline = Date.now() + 20_000;
  while (!existsSync(`ready-${other}`)) {
    if (Date.now() > deadline) throw new Error(`the ${other} spec file never got ready within 20 s: the two files did not run in parallel workers`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
