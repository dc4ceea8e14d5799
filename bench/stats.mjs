// Small statistics helpers for the benchmarks: medians and percentiles of samples.
export function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

export const median = (samples) => quantile(samples, 0.5);

/** `1.234 ms` */
export const ms = (value) => `${value.toFixed(3)} ms`;

/** Fails the process (after printing) when `ok` is false, so a benchmark doubles as a check. */
export function verdict(label, value, goal, ok) {
  console.log(`${ok ? 'ok  ' : 'MISS'} ${label}: ${value} (goal ${goal})`);
  if (!ok) process.exitCode = 1;
}
