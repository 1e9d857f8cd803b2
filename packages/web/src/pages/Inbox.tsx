import { type ChangeEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation } from 'react-router-dom';
import type { Proposal } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { isNotFound } from '../api/errors';
import { useConfirm } from '../components/ConfirmDialog';
import { Feedback } from '../components/Feedback';
import { Loaded } from '../components/Loaded';
import { openLink } from '../components/ProofFiles';
import { formatLocalDate, formatLocalDay } from '../lib/certifications';
import { failureText } from '../lib/failure-text';
import { useInboxCount } from '../lib/inbox-count';
import type { Notice } from '../lib/notice';
import { usePageTitle } from '../lib/page';
import { PROOF_ACCEPT, formatBytes, proofProblem } from '../lib/proof';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';

export const INBOX_TEXTS = {
  intro:
    'Activities proposed from your forwarded emails, uploaded certificates and imports wait here. Check each one: accepting asks only for what it lacks and saves it with its proof.',
  uploadHint:
    'PDF, PNG, JPEG, WebP or HEIC, at most 10 MB each. Each certificate becomes a proposal here, filled in from its text.',
  empty: 'Your inbox is empty.',
  confirmDismiss: 'Dismiss this proposal? It is removed with its proof file.',
  notFound: 'Not found',
  gone: 'That proposal was already accepted or dismissed, in another window.',
};

export const SOURCE_NAMES: Record<Proposal['source'], string> = {
  email: 'Email',
  upload: 'Upload',
  import: 'Import',
};

/** What a proposal is called where it has no name of its own yet. */
export const proposalTitle = (proposal: Proposal) =>
  proposal.fields.activity_name ??
  `Activity from ${proposal.proof?.file_name ?? 'an unnamed source'}`;

/** The fields the engine found, each with its value or "Not found". */
export function ProposedFieldList(props: { proposal: Proposal; withName?: boolean }) {
  const { fields } = props.proposal;
  const rows: Array<[string, string | null]> = [
    ...(props.withName ? [['Name', fields.activity_name] as [string, string | null]] : []),
    ['Provider', fields.provider],
    ['Date', fields.activity_date && formatLocalDate(fields.activity_date)],
    ['Units', fields.cpe_units === null ? null : String(fields.cpe_units)],
    ['Description', fields.description],
  ];
  return (
    <dl className="cert-facts proposal-fields small mb-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={value === null ? 'text-secondary-emphasis fst-italic' : 'text-break'}>
            {value ?? INBOX_TEXTS.notFound}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The proposal's proof: its name (a short-lived download link) and size. */
export function ProposalProof(props: { proposal: Proposal; onFailure: (notice: Notice) => void }) {
  const { proposal, onFailure } = props;
  const { api } = useApi();
  const [busy, setBusy] = useState(false);
  const proof = proposal.proof;
  if (!proof) {
    return <p className="small text-secondary-emphasis mb-2">No proof file came with it.</p>;
  }
  async function download(name: string) {
    setBusy(true);
    try {
      openLink(await api.proposalProofLink(proposal.proposal_id));
    } catch (error) {
      console.error('Could not download the proposal proof', error);
      onFailure({
        variant: 'danger',
        text: failureText(error, `${name} could not be downloaded. Please try again.`),
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <p className="small mb-2">
      Proof:{' '}
      <Button
        variant="link"
        size="sm"
        className="p-0 align-baseline text-break text-start"
        aria-disabled={busy || undefined}
        onClick={() => !busy && void download(proof.file_name)}
      >
        {proof.file_name}
      </Button>{' '}
      <span className="text-secondary-emphasis">({formatBytes(proof.size)})</span>
    </p>
  );
}

/** Where proposals come from, for an empty inbox. */
function EmptyInbox() {
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h5">{INBOX_TEXTS.empty}</h2>
        <p className="mb-2">Proposed activities arrive here:</p>
        <ul className="mb-0">
          <li>
            <strong>Forwarded emails.</strong> Forward a certificate email to your private
            forwarding address (on your <Link to={paths.account}>Account</Link> page); each
            certificate attached becomes a proposal.
          </li>
          <li>
            <strong>Certificate uploads.</strong> Upload certificates of completion above; each is
            read into a proposal.
          </li>
          <li>
            <strong>Many at once?</strong>{' '}
            <Link to={paths.importActivities}>Import a spreadsheet</Link> of activities instead: its
            preview shows every row before anything is saved.
          </li>
        </ul>
      </Card.Body>
    </Card>
  );
}

/**
 * Certificates chosen here are uploaded one by one (the presigned upload of
 * any proof file) and each becomes a proposal with what its text says.
 */
function UploadCertificates(props: {
  onAdded(proposal: Proposal): void;
  onDone(notice: Notice): void;
}) {
  const { api } = useApi();
  const [reading, setReading] = useState<{ name: string; at: number; of: number } | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // The same file may be chosen again after a failure.
    event.currentTarget.value = '';
    if (chosen.length === 0) return;
    const failed = chosen.map(proofProblem).filter((p): p is string => p !== null);
    const accepted = chosen.filter((f) => proofProblem(f) === null);
    const added: string[] = [];
    for (const [i, file] of accepted.entries()) {
      setReading({ name: file.name, at: i + 1, of: accepted.length });
      try {
        const upload = await api.uploadFile(file);
        props.onAdded(await api.createProposal(upload.upload_id));
        added.push(file.name);
      } catch (error) {
        console.error('Could not put the certificate in the inbox', error);
        failed.push(failureText(error, `${file.name} could not be uploaded. Please try again.`));
      }
    }
    setReading(null);
    const done =
      added.length === 0
        ? ''
        : `${added.length === 1 ? added[0] : `${added.length} certificates`} added to your inbox.`;
    props.onDone(
      failed.length > 0
        ? {
            variant: added.length > 0 ? 'warning' : 'danger',
            text: `${done} ${failed.join(' ')}`.trim(),
          }
        : { variant: 'success', text: done },
    );
  }

  return (
    <Form.Group controlId="inbox-certificates" className="mb-4">
      <Form.Label className="fw-semibold">Upload certificates</Form.Label>
      <Form.Control
        type="file"
        multiple
        accept={PROOF_ACCEPT}
        onChange={(e: ChangeEvent<HTMLInputElement>) => void choose(e)}
        disabled={reading !== null}
        aria-describedby="inbox-certificates-hint"
      />
      <Form.Text id="inbox-certificates-hint" className="d-block">
        {INBOX_TEXTS.uploadHint}
      </Form.Text>
      <div role="status" className="small mt-1 inbox-reading">
        {reading && (
          <>
            <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
            Reading {reading.name}
            {reading.of > 1 ? ` (${reading.at} of ${reading.of})` : ''}…
          </>
        )}
      </div>
    </Form.Group>
  );
}

/**
 * /inbox: every proposed activity, newest first, with where it came from,
 * what was found and its proof; Accept opens the form that asks for the
 * rest, Dismiss removes it after a confirmation.
 */
export function Inbox() {
  usePageTitle('Inbox');
  const { api } = useApi();
  const inbox = useInboxCount();
  const location = useLocation();
  const [notice, setNotice] = useState<Notice | null>(
    () => (location.state as { notice?: Notice } | null)?.notice ?? null,
  );
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const load = useLoad<Proposal[]>('inbox', () => api.listProposals(), {
    failedText: 'We could not load your inbox. Please try again.',
    logAs: 'Could not load the inbox',
  });
  const count = load.data?.length;
  const { set } = inbox;
  useEffect(() => {
    if (count !== undefined) set(count);
  }, [count, set]);

  async function dismiss(proposal: Proposal, trigger: HTMLElement) {
    setNotice(null);
    const ok = await confirm(INBOX_TEXTS.confirmDismiss, {
      confirmLabel: 'Dismiss',
      variant: 'danger',
      returnFocusTo: trigger,
    });
    if (!ok) return;
    setBusyId(proposal.proposal_id);
    try {
      await api.dismissProposal(proposal.proposal_id);
      load.update((list) => list.filter((p) => p.proposal_id !== proposal.proposal_id));
      setNotice({ variant: 'success', text: `Dismissed: ${proposalTitle(proposal)}.` });
    } catch (error) {
      if (isNotFound(error)) {
        // Accepted or dismissed in another window already: gone, as the count says.
        load.update((list) => list.filter((p) => p.proposal_id !== proposal.proposal_id));
        setNotice({ variant: 'info', text: INBOX_TEXTS.gone });
        return;
      }
      console.error('Could not dismiss the proposal', error);
      setNotice({
        variant: 'danger',
        text: failureText(error, 'The proposal could not be dismissed. Please try again.'),
      });
      inbox.refresh();
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="inbox-page mx-auto">
      <h1 className="h3 mb-1">Inbox</h1>
      <p className="text-secondary-emphasis">{INBOX_TEXTS.intro}</p>
      <UploadCertificates
        onAdded={(proposal) => load.update((list) => [proposal, ...list])}
        onDone={setNotice}
      />
      <Feedback notice={notice} focus onClose={() => setNotice(null)} />
      <Loaded load={load} loadingLabel="Loading your inbox…">
        {(list) =>
          list.length === 0 ? (
            <EmptyInbox />
          ) : (
            <ul className="list-unstyled mb-0" aria-label="Proposed activities">
              {list.map((proposal) => {
                const id = proposal.proposal_id;
                const titleId = `proposal-${id}`;
                const busy = busyId === id;
                return (
                  <Card as="li" key={id} className="shadow-sm mb-3" aria-labelledby={titleId}>
                    <Card.Body>
                      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
                        <span className="status-badge proposal-source">
                          {SOURCE_NAMES[proposal.source]}
                        </span>
                        <span className="small text-secondary-emphasis">
                          Received {formatLocalDay(proposal.created_at)}
                        </span>
                      </div>
                      <h2 className="h5 text-break mb-1" id={titleId}>
                        {proposalTitle(proposal)}
                      </h2>
                      <p className="small text-secondary-emphasis text-break mb-2">
                        {proposal.source_label}
                      </p>
                      <ProposedFieldList proposal={proposal} />
                      <ProposalProof proposal={proposal} onFailure={setNotice} />
                      <div className="d-flex flex-wrap gap-2 mt-3">
                        <Link
                          className="btn btn-primary btn-sm"
                          to={paths.acceptProposal(id)}
                          aria-describedby={titleId}
                        >
                          Accept…
                        </Link>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-describedby={titleId}
                          aria-disabled={busy || undefined}
                          className={busy ? 'disabled' : undefined}
                          onClick={(e) => !busy && void dismiss(proposal, e.currentTarget)}
                        >
                          Dismiss
                        </Button>
                      </div>
                    </Card.Body>
                  </Card>
                );
              })}
            </ul>
          )
        }
      </Loaded>
      {confirmDialog}
    </div>
  );
}
