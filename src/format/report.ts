import type { DoubleReport } from '../vocabulary';
import { numberedList } from './numberedList';

/** The text of an incomplete-script failure: each double, its unused steps and its mismatches. */
export function describeReports(reports: readonly DoubleReport[], context?: string, footer?: string): string {
  const count = reports.length;
  const head =
    count === 1
      ? `${reports[0]?.label} was not complete${context ? ` ${context}` : ''}.`
      : `${count} doubles were not complete${context ? ` ${context}` : ''}.`;
  return [head, ...reports.map(describeReport), ...(footer ? [footer] : [])].join('\n\n');
}

export function describeReport(report: DoubleReport): string {
  const lines: string[] = [];
  if (report.mismatches.length > 0) {
    lines.push(`${report.label} saw ${plural(report.mismatches.length, 'call')} the script did not plan:`);
    lines.push(...report.mismatches.map((mismatch) => indent(mismatch)));
  }
  if (report.pending.length > 0) {
    lines.push(`${report.label} has ${plural(report.pendingCount ?? report.pending.length, 'step')} not used:`);
    lines.push(...numberedList(report.pending, { noun: 'step', prenumbered: true }));
  }
  if (lines.length > 0) lines.push('');
  lines.push(...describeCalls(report));
  lines.push(...describeNotes(report));
  return lines.join('\n');
}

/** The double's own caveats, as a closing paragraph. */
export function describeNotes(report: DoubleReport): string[] {
  return report.notes && report.notes.length > 0 ? ['', ...report.notes] : [];
}

export function describeCalls(report: DoubleReport): string[] {
  if (report.calls.length === 0) return [`${report.label} recorded no calls.`];
  return [`${report.label} recorded ${plural(report.calls.length, 'call')}:`, ...numberedList(report.calls, { noun: 'call', prenumbered: true })];
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
