import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import type { Certification } from '@cpe/shared/schemas';
import { updateActivityBody } from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';
import { isNotFound } from '../api/errors';
import { Feedback } from '../components/Feedback';
import { LeaveDialog } from '../components/LeaveDialog';
import { fieldErrorsFrom } from '../lib/form-errors';
import { useForm } from '../lib/use-form';
import { paths } from '../paths';
import {
  type ActivityLayout,
  type ActivityValues,
  ActivityFields,
  activityBody,
} from './ActivityFields';

/**
 * The activity form both pages share: fields in the page's layout, the shared
 * schema's check, the submit button and Cancel, and the way back to the list.
 * `send` answers false when the answer does not allow leaving (the spec goes
 * back only when the created activity has an id), or a path to go to instead
 * of `doneTo`.
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
  send(values: ActivityValues): Promise<boolean | string>;
}) {
  const { initial, layout, certifications = [], entries, submitLabel, cancelTo, send } = props;
  const navigate = useNavigate();
  const form = useForm(initial);

  const submit = form.onSubmit({
    validate() {
      const check = updateActivityBody.safeParse(activityBody(form.values));
      const errors = check.success ? {} : fieldErrorsFrom(check.error);
      if (form.values.activity_date === '') errors.activity_date = 'activity_date is required';
      if (layout.fields.includes('certification_id') && !form.values.certification_id) {
        errors.certification_id = 'Please choose a certification.';
      }
      return errors;
    },
    async send() {
      const sent = await send(form.values);
      if (sent)
        form.leave(typeof sent === 'string' ? sent : (props.doneTo ?? paths.myCertifications));
    },
    failedText(error) {
      if (isNotFound(error)) {
        form.leave(paths.notFound, { replace: true });
        return null;
      }
      return 'The activity could not be saved. Please try again.';
    },
    logAs: 'Saving the activity failed',
  });

  return (
    <>
      <Feedback notice={form.formError} focus />
      {form.errors.body && <Feedback notice={{ variant: 'danger', text: form.errors.body }} />}
      <Form ref={form.formRef} noValidate onSubmit={submit}>
        <ActivityFields
          form={form}
          certifications={certifications}
          {...(entries ? { entries } : {})}
          layout={layout}
        />
        <div className="d-flex gap-2 mt-4">
          <Button type="submit" disabled={form.busy}>
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
