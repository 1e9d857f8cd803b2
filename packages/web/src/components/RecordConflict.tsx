import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { isNotFound, staleRecord } from '../api/errors';
import { reveal } from '../lib/reveal';
import type { FormState } from '../lib/use-form';
import { DraftNotice } from './DraftNotice';
import { Feedback } from './Feedback';

export const CONFLICT_TEXTS = {
  changed: 'This record changed in another window',
  changedHint:
    'Reload shows it as it is saved now (what you changed here is dropped); Overwrite saves what you changed here over it.',
  reload: 'Reload',
  overwrite: 'Overwrite',
  deleted: 'This record was deleted in another window',
  deletedHint:
    'It can no longer be saved. What you typed is still below: copy what you need before you leave.',
} as const;

type Conflict = { kind: 'changed'; current: { version: number } } | { kind: 'deleted' };

/** A form whose values carry the version of the record they were read from (docs/decisions/096). */
type Versioned = Record<string, string> & { version: string };

/**
 * What an update form does when its save is refused because the record
 * changed (409 with the record as stored) or was deleted (404) in another
 * window: `handled` takes the failure, Reload replaces the draft with the
 * stored record (`toValues`), Overwrite saves the stored record with what
 * was changed here (the fields that differ from `opened`, the values the
 * form opened with) over it, naming the stored version: a field only the
 * other window changed keeps its change. The version lives in the form's
 * values, so a draft kept through a reload still names the version it was
 * typed over.
 */
export function useRecordConflict<V extends Versioned>(
  form: FormState<V>,
  toValues: (current: unknown) => Omit<V, 'version'>,
  opened: Omit<V, 'version'>,
) {
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // What "changed here" is measured from: the record as opened, then as last reloaded or overwritten.
  const base = useRef<Omit<V, 'version'>>(opened);
  const [overwrites, setOverwrites] = useState(0);
  const [reloads, setReloads] = useState(0);
  const { formRef } = form;

  // Saves again once the form holds the stored version.
  useEffect(() => {
    if (overwrites > 0) formRef.current?.requestSubmit();
  }, [overwrites, formRef]);

  return {
    conflict,
    /** How many times the stored record replaced the draft: a key for fields that keep text of their own. */
    reloads,
    /** True when `error` was a conflict, now shown by <RecordConflict>. */
    handled(error: unknown): boolean {
      const current = staleRecord(error);
      if (typeof current === 'object' && current !== null && 'version' in current) {
        setConflict({ kind: 'changed', current: current as { version: number } });
        return true;
      }
      if (isNotFound(error)) {
        setConflict({ kind: 'deleted' });
        return true;
      }
      return false;
    },
    reload() {
      if (conflict?.kind !== 'changed') return;
      const { current } = conflict;
      const stored = toValues(current);
      base.current = stored;
      form.update({ ...stored, version: String(current.version) } as Partial<V>);
      setConflict(null);
      setReloads((n) => n + 1);
    },
    overwrite() {
      if (conflict?.kind !== 'changed') return;
      const { current } = conflict;
      const stored = toValues(current);
      const opened = base.current;
      base.current = stored;
      const openedWith = new Map(Object.entries(opened));
      form.update((draft) => {
        const changedHere = Object.entries(draft).filter(
          ([name, value]) => name !== 'version' && openedWith.get(name) !== value,
        );
        return {
          ...stored,
          ...Object.fromEntries(changedHere),
          version: String(current.version),
        } as Partial<V>;
      });
      setConflict(null);
      setReloads((n) => n + 1);
      setOverwrites((n) => n + 1);
    },
  };
}

/** The conflict's message, focused when it appears, with Reload and Overwrite for a changed record. */
export function RecordConflict(props: {
  conflict: Conflict | null;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const { conflict } = props;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conflict) reveal(ref.current, { focus: true });
  }, [conflict]);
  if (!conflict) return null;
  if (conflict.kind === 'deleted') {
    return (
      <Alert ref={ref} variant="danger" role="alert" tabIndex={-1}>
        <p className="fw-semibold mb-1">{CONFLICT_TEXTS.deleted}</p>
        <p className="mb-0 small">{CONFLICT_TEXTS.deletedHint}</p>
      </Alert>
    );
  }
  return (
    <Alert ref={ref} variant="warning" role="alert" tabIndex={-1}>
      <p className="fw-semibold mb-1">{CONFLICT_TEXTS.changed}</p>
      <p className="small">{CONFLICT_TEXTS.changedHint}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" disabled={props.busy} onClick={props.onReload}>
          {CONFLICT_TEXTS.reload}
        </Button>
        <Button variant="warning" disabled={props.busy} onClick={props.onOverwrite}>
          {CONFLICT_TEXTS.overwrite}
        </Button>
      </div>
    </Alert>
  );
}

/**
 * What an update form shows above its fields: the draft it restored, a
 * conflict with another window, and the save's own failure.
 */
export function UpdateFormNotices(props: {
  form: Pick<FormState<Record<string, string>>, 'draft' | 'formError' | 'errors' | 'busy'>;
  conflict: Pick<ReturnType<typeof useRecordConflict>, 'conflict' | 'reload' | 'overwrite'>;
}) {
  const { form, conflict } = props;
  return (
    <>
      <DraftNotice draft={form.draft} />
      <RecordConflict
        conflict={conflict.conflict}
        busy={form.busy}
        onReload={conflict.reload}
        onOverwrite={conflict.overwrite}
      />
      <Feedback notice={form.formError} focus />
      {form.errors.body && <Feedback notice={{ variant: 'danger', text: form.errors.body }} />}
    </>
  );
}
