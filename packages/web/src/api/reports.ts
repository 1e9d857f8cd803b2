import type { FileAnswer, FileRequester } from './client';

export type ReportFormat = 'csv' | 'pdf' | 'zip';

/** The report's own type first, then JSON: a large report is answered as `{url}`. */
const ACCEPT: Record<ReportFormat, string> = {
  csv: 'text/csv, application/json',
  pdf: 'application/pdf, application/json',
  zip: 'application/zip, application/json',
};

export function reportsApi(requestFile: FileRequester) {
  return {
    /**
     * A certification's audit report for the current cycle, or the past one
     * starting on `cycle`: the file, or a short-lived link to a large one.
     */
    getReport: (id: string, format: ReportFormat, cycle?: string | null): Promise<FileAnswer> =>
      requestFile('getReport', {
        params: { id },
        query: { format, ...(cycle ? { cycle } : {}) },
        accept: ACCEPT[format],
      }),
  };
}
