import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import type { Activity, Certification } from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';
import { FormField, SelectField } from '../components/FormField';
import { type FieldInput, type FieldLayout, LayoutFields } from '../lib/field-layout';
import { readableMessage } from '../lib/readable-message';
import { unitOf, unitsText } from '../lib/rules';
import type { FormState } from '../lib/use-form';
import { paths } from '../paths';

/** The activity form as typed: every field a string until it is sent. */
export type ActivityValues = {
  certification_id: string;
  activity_name: string;
  description: string;
  cpe_units: string;
  activity_date: string;
  provider: string;
  category: string;
} & {
  /**
   * The other certifications the activity counts for: `credit:{id}` is 'yes'
   * when it does, `units:{id}` its own units ('' follows the activity's).
   * Every certification of the user has both keys from the start, so checking
   * one is an edit the leave guard sees.
   */
  [key: `credit:${string}` | `units:${string}`]: string;
};

/** The inputs of the form (the other certifications are one group, `credits`). */
export type ActivityField =
  | 'certification_id'
  | 'activity_name'
  | 'description'
  | 'cpe_units'
  | 'activity_date'
  | 'provider'
  | 'category'
  | 'credits';

export const creditKey = (certificationId: string) => `credit:${certificationId}` as const;
export const unitsKey = (certificationId: string) => `units:${certificationId}` as const;

/** A credit key for each certification, unchecked and following the activity's units. */
function noCredits(certifications: readonly Pick<Certification, 'certification_id'>[]) {
  const values: Record<`credit:${string}` | `units:${string}`, string> = {};
  for (const c of certifications) {
    values[creditKey(c.certification_id)] = '';
    values[unitsKey(c.certification_id)] = '';
  }
  return values;
}

export function emptyActivity(
  certificationId = '',
  certifications: readonly Pick<Certification, 'certification_id'>[] = [],
): ActivityValues {
  return {
    ...noCredits(certifications),
    certification_id: certificationId,
    activity_name: '',
    description: '',
    cpe_units: '',
    activity_date: '',
    provider: '',
    category: '',
  };
}

export function activityValues(
  activity: Activity,
  certifications: readonly Pick<Certification, 'certification_id'>[] = [],
): ActivityValues {
  const values: ActivityValues = {
    ...noCredits(certifications),
    certification_id: activity.certification_id,
    activity_name: activity.activity_name,
    description: activity.description,
    cpe_units: String(activity.cpe_units),
    activity_date: activity.activity_date,
    provider: activity.provider ?? '',
    category: activity.category ?? '',
  };
  for (const credit of activity.credits) {
    if (credit.certification_id === activity.certification_id) continue;
    values[creditKey(credit.certification_id)] = 'yes';
    values[unitsKey(credit.certification_id)] =
      credit.cpe_units === activity.cpe_units ? '' : String(credit.cpe_units);
  }
  return values;
}

/** The certifications other than the primary one that the activity counts for, in the list's order. */
export function otherCredits(values: ActivityValues): string[] {
  return Object.keys(values)
    .filter((key) => key.startsWith('credit:') && values[key as `credit:${string}`] === 'yes')
    .map((key) => key.slice('credit:'.length))
    .filter((id) => id !== values.certification_id);
}

/**
 * The fields every activity request carries; the spec's empty CPE units
 * become 0. `credits` lists the other certifications (the primary one is
 * implied, always with the activity's units); a credit's empty units follow
 * the activity's.
 */
export function activityBody(values: ActivityValues) {
  return {
    activity_name: values.activity_name,
    description: values.description,
    cpe_units: values.cpe_units.trim() === '' ? 0 : values.cpe_units,
    activity_date: values.activity_date,
    provider: values.provider.trim() === '' ? null : values.provider,
    category: values.category === '' ? null : values.category,
    credits: otherCredits(values).map((id) => {
      const units = values[unitsKey(id)] ?? '';
      return units.trim() === ''
        ? { certification_id: id }
        : { certification_id: id, cpe_units: units };
    }),
  };
}

/**
 * The client-side messages for the credits: a schema issue on
 * `credits.{i}.cpe_units` belongs to the units input of the i-th credit sent.
 */
export function creditErrors(
  values: ActivityValues,
  errors: Readonly<Record<string, string>>,
): Record<string, string> {
  const ids = otherCredits(values);
  const byCertification: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^credits\.(\d+)\.cpe_units$/.exec(key);
    const id = match ? ids[Number(match[1])] : undefined;
    if (id !== undefined) byCertification[unitsKey(id)] = message;
  }
  return byCertification;
}

/** What a field may need besides the form: the certifications, and the catalogue entries they follow. */
export interface ActivityForm {
  form: FormState<ActivityValues>;
  certifications: readonly Certification[];
  entries?: ReadonlyMap<string, CatalogueEntry>;
}

/** The categories and activity kinds of the primary certification's catalogue rules, if any. */
export function categoryOptions(
  certification: Pick<Certification, 'catalogue_id'> | undefined,
  entries: ReadonlyMap<string, CatalogueEntry> | undefined,
): { value: string; label: string }[] {
  const id = certification?.catalogue_id;
  const entry = id ? entries?.get(id) : undefined;
  if (!entry) return [];
  const options = [
    ...entry.renewal.categories.map((c) => ({ value: c.id, label: c.label })),
    ...entry.renewal.activityCaps.map((c) => ({ value: c.kind, label: c.label })),
  ];
  const seen = new Set<string>();
  return options.filter((o) => !seen.has(o.value) && Boolean(seen.add(o.value)));
}

function CategorySelect(props: ActivityForm & { label: string }) {
  const { form, certifications, entries, label } = props;
  const primary = certifications.find((c) => c.certification_id === form.values.certification_id);
  const options = categoryOptions(primary, entries);
  const category = form.field('category');
  // A category stored earlier but no longer in the rules stays choosable, so saving keeps it.
  const stored =
    category.value !== '' && !options.some((o) => o.value === category.value)
      ? [{ value: category.value, label: category.value }]
      : [];
  if (options.length === 0 && stored.length === 0) return null;
  return (
    <SelectField
      {...category}
      label={label}
      hint={`The ${primary?.certification_name ?? 'certification'} rules count some kinds of activity apart.`}
    >
      <option value="">No category</option>
      {[...options, ...stored].map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The other certifications the activity counts for, each with its own units
 * (bodies count differently; empty follows the activity's). The units input
 * is always there, disabled until its certification is checked, so checking
 * moves nothing.
 */
function CreditsField(props: ActivityForm & { label: string }) {
  const { form, certifications, label } = props;
  const primaryId = form.values.certification_id;
  const others = certifications.filter((c) => c.certification_id !== primaryId);
  if (others.length === 0) return null;
  const primary = certifications.find((c) => c.certification_id === primaryId);
  const errors = creditErrors(form.values, form.errors);
  const activityUnits = form.values.cpe_units.trim() === '' ? '0' : form.values.cpe_units;
  return (
    <fieldset className="mb-3 credits-field">
      <legend className="form-label fs-6 mb-1">{label}</legend>
      <p className="form-text mt-0 mb-2">
        {primary
          ? `Counts for ${primary.certification_name} with the units above. `
          : 'Counts for the certification chosen above. '}
        Check any other certification it counts for; leave its units empty to use the same.
      </p>
      <ul className="list-unstyled mb-0">
        {others.map((c) => {
          const id = c.certification_id;
          const checked = form.values[creditKey(id)] === 'yes';
          const units = form.field(unitsKey(id));
          const error = errors[unitsKey(id)];
          const unitsId = `credit-units-${id}`;
          return (
            <li key={id} className="credit-row">
              <Form.Check
                id={`credit-${id}`}
                className="credit-check text-break"
                label={c.certification_name}
                checked={checked}
                onChange={(e) =>
                  form.update({ [creditKey(id)]: e.currentTarget.checked ? 'yes' : '' })
                }
              />
              <div className="credit-units">
                <Form.Label htmlFor={unitsId} className="visually-hidden">
                  {`${unitsText(unitOf(c))} for ${c.certification_name}`}
                </Form.Label>
                <Form.Control
                  id={unitsId}
                  name={units.name}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  size="sm"
                  placeholder={activityUnits}
                  value={units.value}
                  onChange={units.onChange}
                  disabled={!checked}
                  isInvalid={Boolean(error)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${unitsId}-error` : undefined}
                />
                <span className="credit-unit-label small" aria-hidden="true">
                  {unitsText(unitOf(c))}
                </span>
              </div>
              {error && (
                <div className="invalid-feedback d-block credit-error" id={`${unitsId}-error`}>
                  {readableMessage('cpe_units', 'Units', error)}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
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
  provider: {
    label: 'Provider',
    render: ({ form }, { label }) => (
      <FormField
        {...form.field('provider')}
        label={label}
        maxLength={200}
        hint="Who ran it (the sponsor): auditors ask for it."
      />
    ),
  },
  category: {
    label: 'Category',
    render: (props, { label }) => <CategorySelect {...props} label={label} />,
  },
  credits: {
    label: 'Also counts for',
    render: (props, { label }) => <CreditsField {...props} label={label} />,
  },
};

export type ActivityLayout = FieldLayout<ActivityField>;

export function ActivityFields(props: ActivityForm & { layout: ActivityLayout }) {
  const { layout, ...form } = props;
  return <LayoutFields inputs={INPUTS} layout={layout} form={form} />;
}
