import { type ChangeEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { useNavigate } from 'react-router-dom';
import { type Activity, type Certification, activityInput } from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';
import { isNotFound } from '../api/errors';
import { UpdateFormNotices, useRecordConflict } from '../components/RecordConflict';
import { LeaveDialog } from '../components/LeaveDialog';
import { fieldErrorsFrom } from '../lib/form-errors';
import { PROOF_ACCEPT, formatBytes, proofProblem } from '../lib/proof';
import { useToday } from '../lib/today';
import { type FormState, useForm } from '../lib/use-form';
import { paths } from '../paths';
import {
  type ActivityLayout,
  type ActivityValues,
  ActivityFields,
  activityBody,
  activityValues,
} from './ActivityFields';

/** The client's message for an activity dated after today (the form's `max` says the same). */
export const FUTURE_DATE_MESSAGE = 'must be today or earlier';

/** A new activity's certification deleted in another window while the form was open. */
export const CERTIFICATION_GONE_TEXT =
  'This certification was deleted in another window, so the activity could not be added. What you typed is still below.';

export const PROOF_FIELD_TEXTS = {
  label: 'Proof files',
  hint: 'PDF, PNG, JPEG, WebP or HEIC, at most 10 MB each. They are uploaded and attached when the activity is saved.',
};

/** Where a saved activity leads: the page's default, or another page (and what to tell it). */
export type SaveOutcome = boolean | { to: string; state?: object };

/** A proof file that could not be sent before the activity was saved (nothing was saved). */
export class ProofUploadFailed extends Error {
  override name = 'ProofUploadFailed';
  constructor(
    readonly fileName: string,
    options: { cause: unknown },
  ) {
    super(`${fileName} could not be uploaded`, options);
  }
}

/**
 * The activity form both pages share: fields in the page's layout, the shared
 * schema's check (and no date after today), the submit button and Cancel, and
 * the way back once saved. With `withProof`, proof files are chosen on the
 * form and sent with the save. `send` answers false when the answer does not
 * allow leaving (the spec goes back only when the created activity has an
 * id), or where to go instead of `doneTo`.
 */
export function ActivityForm(props: {
  initial: ActivityValues;
  layout: ActivityLayout;
  certifications?: readonly Certification[];
  /** The catalogue entries the certifications follow (the category's choices). */
  entries?: ReadonlyMap<string, CatalogueEntry>;
  submitLabel: string;
  /** Where to go after saving; the list by default. */
  doneTo?: string;
  cancelTo: string;
  /** Proof files may be chosen on the form (a new activity). */
  withProof?: boolean;
  /** The draft's name, when the page's address does not name the form alone. */
  draft?: string;
  /** The version of the activity being updated (an update form); its save names it. */
  version?: number;
  /** `version`: the one the draft was typed over (the stored one after Overwrite); NaN on a new activity. */
  send: (values: ActivityValues, files: readonly File[], version: number) => Promise<SaveOutcome>;
}) {
  const { initial, layout, certifications = [], entries, submitLabel, cancelTo, send } = props;
  const updating = props.version !== undefined;
  const navigate = useNavigate();
  const today = useToday();
  // An activity stored with a later date (an import may log a course up to a year ahead) keeps it.
  const latest = initial.activity_date > today ? initial.activity_date : today;
  const form = useForm(
    { ...initial, version: String(props.version ?? '') },
    props.draft ? { draft: props.draft } : {},
  );
  const conflict = useRecordConflict(
    form,
    (current) => activityValues(current as Activity, certifications),
    initial,
  );

  const submit = form.onSubmit({
    validate() {
      const check = activityInput.safeParse(activityBody(form.values));
      const errors = check.success ? {} : fieldErrorsFrom(check.error);
      const date = form.values.activity_date;
      if (date === '') errors.activity_date = 'activity_date is required';
      else if (!errors.activity_date && date > latest) errors.activity_date = FUTURE_DATE_MESSAGE;
      if (layout.fields.includes('certification_id') && !form.values.certification_id) {
        errors.certification_id = 'Please choose a certification.';
      }
      return errors;
    },
    async send() {
      const sent = await send(form.values, form.files, Number(form.values.version));
      if (sent === false) return;
      if (sent === true) form.leave(props.doneTo ?? paths.myCertifications);
      else form.leave(sent.to, sent.state ? { state: sent.state } : undefined);
    },
    failedText(error) {
      // Changed or deleted in another window: said on the form, the draft kept.
      if (updating && conflict.handled(error)) return null;
      // A new activity's certification gone meanwhile: the typing stays, to save elsewhere.
      if (isNotFound(error)) return CERTIFICATION_GONE_TEXT;
      if (error instanceof ProofUploadFailed) {
        return `${error.fileName} could not be uploaded, so nothing was saved. Please try again.`;
      }
      return 'The activity could not be saved. Please try again.';
    },
    logAs: 'Saving the activity failed',
  });

  return (
    <>
      <UpdateFormNotices form={form} conflict={conflict} />
      <Form ref={form.formRef} noValidate onSubmit={submit}>
        <ActivityFields
          key={conflict.reloads}
          form={form}
          certifications={certifications}
          {...(entries ? { entries } : {})}
          layout={layout}
          today={latest}
        />
        {props.withProof && <ProofChoice form={form} />}
        <div className="d-flex gap-2 mt-4">
          <Button type="submit" disabled={form.busy || conflict.conflict?.kind === 'deleted'}>
            {submitLabel}
          </Button>
          <Button variant="outline-secondary" onClick={() => void navigate(cancelTo)}>
            Cancel
          </Button>
        </div>
      </Form>
      <LeaveDialog guard={form.leaveGuard} />
    </>
  );
}

/**
 * Proof files chosen before the activity exists: checked here (type and
 * size), listed with a way to drop each, and sent when the form is saved.
 */
function ProofChoice(props: { form: FormState<ActivityValues> }) {
  const { form } = props;
  const inputId = 'field-proof_files';
  const [refused, setRefused] = useState<string | null>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    // The same file may be chosen again after it was dropped.
    event.currentTarget.value = '';
    const problems = chosen.map(proofProblem).filter((p): p is string => p !== null);
    const kept = form.files.filter((f) => !chosen.some((c) => c.name === f.name));
    form.setFiles([...kept, ...chosen.filter((f) => proofProblem(f) === null)]);
    setRefused(problems.length > 0 ? problems.join(' ') : null);
  }

  return (
    <Form.Group controlId={inputId} className="mb-3">
      <Form.Label>{PROOF_FIELD_TEXTS.label}</Form.Label>
      {form.files.length > 0 && (
        <ListGroup as="ul" className="mb-2" aria-label="Proof files to attach">
          {form.files.map((file) => (
            <ListGroup.Item as="li" key={file.name} className="proof-file">
              <span className="proof-file-name">
                <span className="text-break">{file.name}</span>
                <span className="small text-secondary-emphasis d-block">
                  {formatBytes(file.size)}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                aria-label={`Remove ${file.name}`}
                onClick={() => form.setFiles(form.files.filter((f) => f !== file))}
              >
                Remove
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <Form.Control
        type="file"
        multiple
        accept={PROOF_ACCEPT}
        onChange={choose}
        isInvalid={Boolean(refused)}
        aria-invalid={refused ? true : undefined}
        aria-describedby={[`${inputId}-hint`, refused ? `${inputId}-error` : '']
          .filter(Boolean)
          .join(' ')}
      />
      <Form.Text id={`${inputId}-hint`} className="d-block">
        {PROOF_FIELD_TEXTS.hint}
      </Form.Text>
      {refused && (
        <Form.Control.Feedback type="invalid" id={`${inputId}-error`}>
          {refused}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
