import { type ChangeEvent, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import type { ProofFile } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { failureText } from '../lib/failure-text';
import { formatLocalDay } from '../lib/certifications';
import { PROOF_ACCEPT, formatBytes, proofProblem } from '../lib/proof';
import { useConfirm } from './ConfirmDialog';
import { Feedback } from './Feedback';
import type { Notice } from '../lib/notice';

export const PROOF_TEXTS = {
  empty: 'No proof yet. Auditors ask for a certificate of attendance or similar.',
  hint: 'PDF, PNG, JPEG, WebP or HEIC, at most 10 MB each.',
  confirmDelete: 'Delete this proof file? This action is irreversible.',
};

/** Opens a short-lived link: the file downloads under its own name (Content-Disposition). */
export function openLink(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * An activity's proof files: each uploaded straight to the evidence bucket
 * (checked here first: type and size), then attached; listed with name and
 * size, downloaded by a short-lived link, deleted after a confirmation.
 * `files` is what the activity arrived with; `onChange` hears the new list.
 */
export function ProofFiles(props: {
  /** The section's id, for a link (or a focus) to it. */
  id?: string;
  activityId: string;
  activityName: string;
  files: readonly ProofFile[];
  onChange?: (files: ProofFile[]) => void;
}) {
  const { activityId, activityName } = props;
  const { api } = useApi();
  const [confirmDialog, confirm] = useConfirm();
  const [files, setFiles] = useState<ProofFile[]>([...props.files]);
  const [uploading, setUploading] = useState<string[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  // The list as it is now: an upload and a deletion may overlap, each changes what the other left.
  const latest = useRef(files);
  function changed(update: (current: ProofFile[]) => ProofFile[]) {
    const next = update(latest.current);
    latest.current = next;
    setFiles(next);
    props.onChange?.(next);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // The same file may be chosen again after a failure.
    event.currentTarget.value = '';
    if (chosen.length === 0) return;
    setNotice(null);
    const refused = chosen.map(proofProblem).filter((p): p is string => p !== null);
    const accepted = chosen.filter((f) => proofProblem(f) === null);
    const failed: string[] = [...refused];
    setUploading(accepted.map((f) => f.name));
    for (const file of accepted) {
      try {
        const sent = await api.uploadFile(file);
        const attached = await api.attachFile(activityId, sent.upload_id);
        changed((list) => [...list, attached]);
      } catch (error) {
        console.error('Could not upload the proof file', error);
        failed.push(failureText(error, `${file.name} could not be uploaded. Please try again.`));
      } finally {
        setUploading((names) => names.filter((n) => n !== file.name));
      }
    }
    if (failed.length > 0) {
      setNotice({ variant: 'danger', text: failed.join(' ') });
    } else {
      const names = accepted.map((f) => f.name).join(', ');
      setNotice({ variant: 'success', text: `${names} attached.` });
    }
  }

  async function download(file: ProofFile) {
    setNotice(null);
    setBusyId(file.file_id);
    try {
      openLink(await api.fileLink(file.file_id));
    } catch (error) {
      console.error('Could not download the proof file', error);
      setNotice({
        variant: 'danger',
        text: failureText(error, `${file.file_name} could not be downloaded. Please try again.`),
      });
    } finally {
      setBusyId(null);
    }
  }

  async function remove(file: ProofFile, trigger: HTMLElement) {
    setNotice(null);
    const ok = await confirm(PROOF_TEXTS.confirmDelete, {
      confirmLabel: 'Delete',
      variant: 'danger',
      returnFocusTo: trigger,
    });
    if (!ok) return;
    setBusyId(file.file_id);
    try {
      await api.deleteFile(file.file_id);
      changed((list) => list.filter((f) => f.file_id !== file.file_id));
      setNotice({ variant: 'success', text: `${file.file_name} has been deleted.` });
    } catch (error) {
      console.error('Could not delete the proof file', error);
      setNotice({
        variant: 'danger',
        text: failureText(error, `${file.file_name} could not be deleted. Please try again.`),
      });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section id={props.id} aria-labelledby={`${inputId}-title`} className="proof-files">
      <h2 className="h5 mb-2" id={`${inputId}-title`}>
        Proof of attendance
      </h2>
      {files.length === 0 && uploading.length === 0 ? (
        <p className="small text-secondary-emphasis">{PROOF_TEXTS.empty}</p>
      ) : (
        <ListGroup as="ul" className="mb-3" aria-label={`Proof files of ${activityName}`}>
          {files.map((file) => {
            const nameId = `proof-${file.file_id}`;
            const busy = busyId === file.file_id;
            return (
              <ListGroup.Item as="li" key={file.file_id} className="proof-file">
                <div className="proof-file-name">
                  <span id={nameId} className="fw-semibold text-break">
                    {file.file_name}
                  </span>
                  <span className="small text-secondary-emphasis d-block">
                    {formatBytes(file.size)} · added {formatLocalDay(file.uploaded_at)}
                  </span>
                </div>
                <div className="d-flex gap-2 flex-shrink-0">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-describedby={nameId}
                    aria-disabled={busy || undefined}
                    className={busy ? 'disabled' : undefined}
                    onClick={() => !busy && void download(file)}
                  >
                    Download
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-describedby={nameId}
                    aria-disabled={busy || undefined}
                    className={busy ? 'disabled' : undefined}
                    onClick={(e) => !busy && void remove(file, e.currentTarget)}
                  >
                    Delete
                  </Button>
                </div>
              </ListGroup.Item>
            );
          })}
          {uploading.map((name) => (
            <ListGroup.Item as="li" key={`uploading-${name}`} className="proof-file">
              <span className="text-break">{name}</span>
              <span className="d-flex align-items-center gap-2 small" role="status">
                <Spinner animation="border" size="sm" aria-hidden="true" />
                Uploading…
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <Form.Group controlId={inputId} className="mb-2">
        <Form.Label>Add proof files</Form.Label>
        <Form.Control
          type="file"
          multiple
          accept={PROOF_ACCEPT}
          onChange={(e: ChangeEvent<HTMLInputElement>) => void upload(e)}
          disabled={uploading.length > 0}
          aria-describedby={hintId}
        />
        <Form.Text id={hintId}>{PROOF_TEXTS.hint}</Form.Text>
      </Form.Group>
      <Feedback notice={notice} onClose={() => setNotice(null)} />
      {confirmDialog}
    </section>
  );
}
