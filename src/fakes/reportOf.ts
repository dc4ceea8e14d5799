import { isVerifiable, REPORT, type DoubleReport } from './report';
import { sdkReportAdapters } from './sdkReports';

/** The report of any double the kit understands (its own and the SDK's), or `undefined`. */
export function reportOf(value: unknown): DoubleReport | undefined {
  if (isVerifiable(value)) return value[REPORT]();
  for (const adapter of sdkReportAdapters) {
    const report = adapter(value);
    if (report) return report;
  }
  return undefined;
}
