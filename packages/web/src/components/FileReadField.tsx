import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { Notice } from '../lib/notice';
import { Feedback } from './Feedback';

/**
 * A file input whose file the page reads at once (a certificate, a badge):
 * the label and hint, "Reading <name>…" while it is read (the input disabled),
 * then what came of it.
 */
export function FileReadField(props: {
  id: string;
  label: string;
  hint: string;
  accept: string;
  /** The name of the file being read; null when none is. */
  reading: string | null;
  /** Another file cannot be chosen yet (what the last one started is still running). */
  busy?: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  notice: Notice | null;
  onCloseNotice: () => void;
}) {
  return (
    <>
      <Form.Group controlId={props.id} className="mb-2">
        <Form.Label>{props.label}</Form.Label>
        <Form.Control
          type="file"
          accept={props.accept}
          onChange={props.onChoose}
          disabled={props.reading !== null || props.busy === true}
          aria-describedby={`${props.id}-hint`}
        />
        <Form.Text id={`${props.id}-hint`}>{props.hint}</Form.Text>
      </Form.Group>
      <div className="file-read-status" role="status">
        {props.reading !== null && (
          <span className="d-inline-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Reading {props.reading}…
          </span>
        )}
      </div>
      <Feedback notice={props.notice} onClose={props.onCloseNotice} />
    </>
  );
}
