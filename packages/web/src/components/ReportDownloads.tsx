import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { FileAnswer } from '../api/client';
import type { ReportFormat } from '../api/reports';
import { failureText } from '../lib/failure-text';
import { Feedback } from './Feedback';
import type { Notice } from '../lib/notice';
import { openLink } from './ProofFiles';

export const REPORT_FORMATS: readonly { format: ReportFormat; label: string; what: string }[] = [
  { format: 'csv', label: 'CSV', what: 'the activities as a spreadsheet' },
  { format: 'pdf', label: 'PDF', what: 'the audit report' },
  { format: 'zip', label: 'Audit packet (ZIP)', what: 'the PDF report and every proof file' },
];

/** Hands a downloaded file to the browser under its name; a link is simply opened. */
export function saveAnswer(answer: FileAnswer) {
  if (answer.kind === 'url') {
    openLink(answer.url);
    return;
  }
  const url = URL.createObjectURL(answer.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = answer.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The report of one certification's cycle as CSV, PDF or an audit packet
 * (ZIP): the file itself, or a short-lived link when the API kept a large one
 * in storage. One download at a time; each button says which is on its way.
 */
export function ReportDownloads(props: {
  /** Names the reports (in the buttons' accessible descriptions). */
  label: string;
  download(format: ReportFormat): Promise<FileAnswer>;
}) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function get(format: ReportFormat, label: string) {
    if (busy) return;
    setNotice(null);
    setBusy(format);
    try {
      saveAnswer(await props.download(format));
    } catch (error) {
      console.error('Could not download the report', error);
      setNotice({
        variant: 'danger',
        text: failureText(error, `The ${label} report could not be made. Please try again.`),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="report-downloads">
      <p className="small fw-semibold mb-1" id="report-downloads-label">
        Reports for {props.label}
      </p>
      <div className="d-flex flex-wrap gap-2" role="group" aria-labelledby="report-downloads-label">
        {REPORT_FORMATS.map(({ format, label, what }) => (
          <Button
            key={format}
            size="sm"
            variant="outline-primary"
            title={`Download ${what}`}
            aria-disabled={busy !== null || undefined}
            className={`d-inline-flex align-items-center gap-1${busy !== null ? ' disabled' : ''}`}
            onClick={() => void get(format, label)}
          >
            {busy === format && (
              <Spinner animation="border" size="sm" aria-hidden="true" className="report-spinner" />
            )}
            {label}
          </Button>
        ))}
      </div>
      <Feedback notice={notice} onClose={() => setNotice(null)} className="mt-2 mb-0 small" />
    </div>
  );
}
