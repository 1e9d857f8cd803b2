import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { certificationInput } from '@cpe/shared/schemas';
import { ApiError, isNotFound } from '../api/errors';
import { DraftNotice } from '../components/DraftNotice';
import { Feedback } from '../components/Feedback';
import { LeaveDialog } from '../components/LeaveDialog';
import { fieldErrorsFrom } from '../lib/form-errors';
import { useForm } from '../lib/use-form';
import { paths } from '../paths';
import type { CatalogueEntry } from '../api/catalogue';
import { type CertificationValues, useCertificationRules } from './certification-rules';
import {
  type CertificationLayout,
  CertificationFields,
  certificationBody,
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
  send(body: ReturnType<typeof certificationBody>): Promise<unknown>;
}) {
  const { initial, layout, submitLabel, send } = props;
  const navigate = useNavigate();
  const form = useCertificationRules(
    useForm(initial),
    props.initialEntry ?? null,
    props.followEntry ?? false,
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
      await send(certificationBody(form.values));
      form.leave(paths.myCertifications);
    },
    failedText(error) {
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
      <DraftNotice draft={form.draft} />
      <Feedback notice={form.formError} focus />
      {form.errors.body && <Feedback notice={{ variant: 'danger', text: form.errors.body }} />}
      <Form ref={form.formRef} noValidate onSubmit={submit}>
        <CertificationFields form={form} layout={layout} />
        <div className="d-flex gap-2 mt-4">
          <Button type="submit" disabled={form.busy}>
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
