import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import type { Activity, Certification } from '@cpe/shared/schemas';
import { FormField } from '../components/FormField';
import { type FieldInput, type FieldLayout, LayoutFields } from '../lib/field-layout';
import { readableMessage } from '../lib/form-errors';
import type { FormState } from '../lib/use-form';
import { paths } from '../paths';

/** The activity form as typed: every field a string until it is sent. */
export type ActivityValues = {
  certification_id: string;
  activity_name: string;
  description: string;
  cpe_units: string;
  activity_date: string;
};

export type ActivityField = Extract<keyof ActivityValues, string>;

export function emptyActivity(certificationId = ''): ActivityValues {
  return {
    certification_id: certificationId,
    activity_name: '',
    description: '',
    cpe_units: '',
    activity_date: '',
  };
}

export function activityValues(activity: Activity): ActivityValues {
  return {
    certification_id: activity.certification_id,
    activity_name: activity.activity_name,
    description: activity.description,
    cpe_units: String(activity.cpe_units),
    activity_date: activity.activity_date,
  };
}

/** The fields every activity request carries; the spec's empty CPE units become 0. */
export function activityBody(values: ActivityValues) {
  return {
    activity_name: values.activity_name,
    description: values.description,
    cpe_units: values.cpe_units.trim() === '' ? 0 : values.cpe_units,
    activity_date: values.activity_date,
  };
}

/** What a field may need besides the form: the certifications to choose from. */
export interface ActivityForm {
  form: FormState<ActivityValues>;
  certifications: readonly Certification[];
}

function CertificationPicker(props: ActivityForm & { label: string }) {
  const { form, certifications, label } = props;
  const picked = form.field('certification_id');
  if (certifications.length === 0) {
    return (
      <Form.Group className="mb-3">
        <Form.Label as="p" className="mb-2">
          <span aria-hidden="true">* </span>
          {label}
        </Form.Label>
        <Alert variant="info" className="mb-0">
          You have no certifications yet.{' '}
          <Link className="alert-link" to={paths.addCertification}>
            Add one first
          </Link>
          .
        </Alert>
      </Form.Group>
    );
  }
  const errorId = 'field-certification_id-error';
  return (
    <Form.Group className="mb-3" controlId="field-certification_id">
      <Form.Label>
        <span aria-hidden="true">* </span>
        {label}
      </Form.Label>
      <Form.Select
        name="certification_id"
        required
        value={picked.value}
        onChange={picked.onChange}
        isInvalid={Boolean(picked.error)}
        aria-invalid={picked.error ? true : undefined}
        aria-describedby={picked.error ? errorId : undefined}
      >
        <option value="">Choose a certification…</option>
        {certifications.map((c) => (
          <option key={c.certification_id} value={c.certification_id}>
            {c.certification_name}
          </option>
        ))}
      </Form.Select>
      {picked.error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {readableMessage('certification_id', label, picked.error)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

/** One input per field, with its default label; a new field is one entry here and in the layouts. */
const INPUTS: Record<ActivityField, FieldInput<ActivityForm>> = {
  certification_id: {
    label: 'Certification',
    render: (props, { label }) => <CertificationPicker {...props} label={label} />,
  },
  activity_name: {
    label: 'Name',
    render: ({ form }, { label }) => (
      <FormField {...form.field('activity_name')} label={label} required maxLength={200} />
    ),
  },
  description: {
    label: 'Description',
    render: ({ form }, { label, multiline }) => (
      <FormField
        {...form.field('description')}
        label={label}
        {...(multiline ? { as: 'textarea' as const, rows: 4 } : {})}
        maxLength={5000}
      />
    ),
  },
  cpe_units: {
    label: 'CPE Units',
    render: ({ form }, { label }) => (
      <FormField
        {...form.field('cpe_units')}
        label={label}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        hint="Leave empty for 0."
      />
    ),
  },
  activity_date: {
    label: 'Date',
    render: ({ form }, { label }) => (
      <FormField {...form.field('activity_date')} label={label} type="date" required />
    ),
  },
};

export type ActivityLayout = FieldLayout<ActivityField>;

export function ActivityFields(props: ActivityForm & { layout: ActivityLayout }) {
  const { layout, ...form } = props;
  return <LayoutFields inputs={INPUTS} layout={layout} form={form} />;
}
