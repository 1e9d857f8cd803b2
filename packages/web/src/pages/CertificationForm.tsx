import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { certificationInput } from '@cpe/shared/schemas';
import { ApiError, isNotFound } from '../api/errors';
import { UpdateFormNotices, useRecordConflict } from '../components/RecordConflict';
import { LeaveDialog } from '../components/LeaveDialog';
import { fieldErrorsFrom } from '../lib/form-errors';
import { useForm } from '../lib/use-form';
import { paths } from '../paths';
import type { CatalogueEntry } from '../api/catalogue';
import type { Certification } from '@cpe/shared/schemas';
import { type CertificationValues, useCertificationRules } from './certification-rules';
import {
  type CertificationLayout,
  CertificationFields,
  certificationBody,
  certificationValues,
} from './CertificationFields';

/**
 * The certification form both pages share: fields in the page's layout, the
 * shared schema's check, Submit/Update and Cancel, and the way back to the
 * list once saved. The pages say only what differs: the starting values, the
 * layout, the button's word and the request.
 */
export function CertificationForm(props: {
  initial: CertificationValues;
  /** The catalogue entry the record follows (or the one a recommendation picked), once loaded. */
  initialEntry?: CatalogueEntry | null;
  /** The expiry follows the earned date from the start (a new certification with an entry picked). */
  followEntry?: boolean;
  layout: CertificationLayout;
  submitLabel: string;
  /** The version of the record being updated (an update form); its save names it. */
  version?: number;
  /** `version`: the one the draft was typed over (the stored one after Overwrite). */
  send: (body: ReturnType<typeof certificationBody>, version: number) => Promise<unknown>;
}) {
  const { initial, layout, submitLabel, send } = props;
  const updating = props.version !== undefined;
  const navigate = useNavigate();
  // The version travels with the values, so a draft kept through a reload still names it.
  const versioned = useForm({ ...initial, version: String(props.version ?? '') });
  const form = useCertificationRules(
    versioned,
    props.initialEntry ?? null,
    props.followEntry ?? false,
  );
  const conflict = useRecordConflict(
    versioned,
    (current) => certificationValues(current as Certification),
    initial,
  );

  const submit = form.onSubmit({
    validate() {
      const check = certificationInput.safeParse(certificationBody(form.values));
      const errors = check.success ? {} : fieldErrorsFrom(check.error);
      // An empty date input is "required", not "not a date".
      if (form.values.earned_date === '') errors.earned_date = 'earned_date is required';
      return errors;
    },
    async send() {
      await send(certificationBody(form.values), Number(versioned.values.version));
      form.leave(paths.myCertifications);
    },
    failedText(error) {
      // Changed or deleted in another window: said on the form, the draft kept.
      if (updating && conflict.handled(error)) return null;
      if (isNotFound(error)) {
        form.leave(paths.notFound, { replace: true });
        return null;
      }
      return error instanceof ApiError && error.status === 400
        ? error.message
        : 'The certification could not be saved. Please try again.';
    },
    logAs: 'Saving the certification failed',
  });

  return (
    <>
      <UpdateFormNotices form={form} conflict={conflict} />
      <Form ref={form.formRef} noValidate onSubmit={submit}>
        {/* Anew after a conflict's reload or a discarded draft: the name field keeps its own text. */}
        <CertificationFields
          key={`${conflict.reloads}:${form.discards}`}
          form={form}
          layout={layout}
        />
        <div className="d-flex gap-2 mt-4">
          <Button type="submit" disabled={form.busy || conflict.conflict?.kind === 'deleted'}>
            {submitLabel}
          </Button>
          <Button variant="outline-secondary" onClick={() => void navigate(paths.myCertifications)}>
            Cancel
          </Button>
        </div>
      </Form>
      <LeaveDialog guard={form.leaveGuard} />
    </>
  );
}
