import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { FILE_RULES, type Activity, type Certification } from '@cpe/shared/schemas';
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
   * when it does, `units:{id}` its own units ('' follows the activity's),
   * `category:{id}` the category it counts as for that certification ('':
   * the activity's, where that certification's rules name it). Every
   * certification of the user has the three keys from the start, so checking
   * one is an edit the leave guard sees.
   */
  [key: CreditKey]: string;
};

type CreditKey = `credit:${string}` | `units:${string}` | `category:${string}`;

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
export const categoryKey = (certificationId: string) => `category:${certificationId}` as const;

/** The credit keys of each certification: unchecked, following the activity's units and category. */
function noCredits(certifications: readonly Pick<Certification, 'certification_id'>[]) {
  const values: Record<CreditKey, string> = {};
  for (const c of certifications) {
    values[creditKey(c.certification_id)] = '';
    values[unitsKey(c.certification_id)] = '';
    values[categoryKey(c.certification_id)] = '';
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
    values[categoryKey(credit.certification_id)] = credit.category ?? '';
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
 * become 0. `category` is the primary certification's. `credits` lists the
 * other certifications (the primary one is implied, always with the
 * activity's units and category); a credit's empty units follow the
 * activity's, and a credit without a category of its own takes the
 * activity's where that certification's rules name it.
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
      const category = (values[categoryKey(id)] ?? '').trim();
      return {
        certification_id: id,
        ...(units.trim() === '' ? {} : { cpe_units: units }),
        ...(category === '' ? {} : { category }),
      };
    }),
  };
}

/**
 * The messages for the credits: a schema issue on `credits.{i}.cpe_units` (or
 * `.category`) belongs to that input of the i-th credit sent; one on its
 * `certification_id` (a certification deleted meanwhile) is shown at its
 * units, the input of that certification's row.
 */
export function creditErrors(
  values: ActivityValues,
  errors: Readonly<Record<string, string>>,
): Record<string, string> {
  const ids = otherCredits(values);
  const byCertification: Record<string, string> = {};
  // The form's own checks name a credit's units input directly (what the browser could not read).
  for (const id of ids) {
    const own = errors[unitsKey(id)];
    if (own !== undefined) byCertification[unitsKey(id)] = own;
  }
  for (const [key, message] of Object.entries(errors)) {
    const match = /^credits\.(\d+)\.(cpe_units|category|certification_id)$/.exec(key);
    const id = match ? ids[Number(match[1])] : undefined;
    if (id === undefined) continue;
    byCertification[match?.[2] === 'category' ? categoryKey(id) : unitsKey(id)] = message;
  }
  return byCertification;
}

/** What a field may need besides the form: the certifications, and the catalogue entries they follow. */
export interface ActivityForm {
  form: FormState<ActivityValues>;
  certifications: readonly Certification[];
  entries?: ReadonlyMap<string, CatalogueEntry>;
  /** The user's today: the latest date an activity may have. */
  today?: string;
}

/** The certification the activity is for, once chosen. */
function primaryOf(props: ActivityForm): Certification | undefined {
  return props.certifications.find(
    (c) => c.certification_id === props.form.values.certification_id,
  );
}

/**
 * The units field in the certification's words: the spec's "CPE Units" for
 * CPEs (or before a certification is chosen), else the body's unit ("PDUs").
 */
export function unitsFieldLabel(
  certification: Pick<Certification, 'unit' | 'standing'> | undefined,
  label: string,
): string {
  const unit = certification ? unitOf(certification) : 'CPE';
  return unit === 'CPE' ? label : unitsText(unit);
}

/** The catalogue entry a certification follows, once loaded. */
function entryOf(
  certification: Pick<Certification, 'catalogue_id'> | undefined,
  entries: ReadonlyMap<string, CatalogueEntry> | undefined,
): CatalogueEntry | undefined {
  const id = certification?.catalogue_id;
  return id ? entries?.get(id) : undefined;
}

/** The categories and activity kinds of a certification's catalogue rules, if any. */
export function categoryOptions(
  certification: Pick<Certification, 'catalogue_id'> | undefined,
  entries: ReadonlyMap<string, CatalogueEntry> | undefined,
): { value: string; label: string }[] {
  const entry = entryOf(certification, entries);
  if (!entry) return [];
  const options = [
    ...entry.renewal.categories.map((c) => ({ value: c.id, label: c.label })),
    ...entry.renewal.activityCaps.map((c) => ({ value: c.kind, label: c.label })),
  ];
  const seen = new Set<string>();
  return options.filter((o) => !seen.has(o.value) && Boolean(seen.add(o.value)));
}

/**
 * How a category is chosen for a certification: from its rules' categories
 * and activity kinds, as free text where it has no catalogue rules (or they
 * could not be loaded), or not at all when its rules name none (or no
 * certification is chosen yet).
 */
function categoryChoice(
  certification: Pick<Certification, 'catalogue_id'> | undefined,
  entries: ReadonlyMap<string, CatalogueEntry> | undefined,
  current: string,
): { kind: 'select'; options: { value: string; label: string }[] } | { kind: 'text' } | null {
  if (!certification) return null;
  if (!entryOf(certification, entries)) return { kind: 'text' };
  const options = categoryOptions(certification, entries);
  // A category stored earlier but no longer in the rules stays choosable, so saving keeps it.
  if (current !== '' && !options.some((o) => o.value === current)) {
    options.push({ value: current, label: current });
  }
  return options.length === 0 ? null : { kind: 'select', options };
}

function CategorySelect(props: ActivityForm & { label: string }) {
  const { form, certifications, entries, label } = props;
  const primary = certifications.find((c) => c.certification_id === form.values.certification_id);
  const category = form.field('category');
  const choice = categoryChoice(primary, entries, category.value);
  if (choice === null) return null;
  const name = primary?.certification_name ?? 'certification';
  if (choice.kind === 'text') {
    return (
      <FormField
        {...category}
        label={label}
        maxLength={FILE_RULES.categoryLength}
        hint={`The kind of activity as the ${name} body counts it, if it counts some apart.`}
      />
    );
  }
  return (
    <SelectField
      {...category}
      label={label}
      hint={`The ${name} rules count some kinds of activity apart.`}
    >
      <option value="">No category</option>
      {choice.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/** The category of one other certification's credit: its rules' choices, or free text. */
function CreditCategory(
  props: ActivityForm & { certification: Certification; checked: boolean; error?: string },
) {
  const { form, certification, entries, checked, error } = props;
  const id = certification.certification_id;
  const field = form.field(categoryKey(id));
  const choice = categoryChoice(certification, entries, field.value);
  const inputId = `credit-category-${id}`;
  const label = `Category for ${certification.certification_name}`;
  if (choice === null) return null;
  const common = {
    id: inputId,
    name: field.name,
    size: 'sm' as const,
    value: field.value,
    disabled: !checked,
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : undefined,
  };
  return (
    <div className="credit-category">
      <Form.Label htmlFor={inputId} className="visually-hidden">
        {label}
      </Form.Label>
      {choice.kind === 'text' ? (
        <Form.Control
          {...common}
          type="text"
          maxLength={FILE_RULES.categoryLength}
          placeholder="Category"
          onChange={field.onChange}
        />
      ) : (
        <Form.Select {...common} onChange={field.onChange}>
          <option value="">Category: as the activity&rsquo;s</option>
          {choice.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      )}
      {error && (
        <div className="invalid-feedback d-block" id={`${inputId}-error`}>
          {readableMessage('category', 'Category', error)}
        </div>
      )}
    </div>
  );
}

/**
 * The other certifications the activity counts for, each with its own units
 * (bodies count differently; empty follows the activity's) and its own
 * category (the same webinar is Group A for ISC2 and Ways of Working for
 * PMI). The inputs are always there, disabled until their certification is
 * checked, so checking moves nothing. Checking one picks the activity's
 * category for it where its rules name that category.
 */
function CreditsField(props: ActivityForm & { label: string }) {
  const { form, certifications, label } = props;
  const primaryId = form.values.certification_id;
  const others = certifications.filter((c) => c.certification_id !== primaryId);
  if (others.length === 0) return null;
  const primary = certifications.find((c) => c.certification_id === primaryId);
  const primaryUnits = primary ? unitsText(unitOf(primary)) : 'units';
  const errors = creditErrors(form.values, form.errors);
  const activityUnits = form.values.cpe_units.trim() === '' ? '0' : form.values.cpe_units;
  return (
    <fieldset className="mb-3 credits-field">
      <legend className="form-label fs-6 mb-1">{label}</legend>
      <p className="form-text mt-0 mb-2">
        {primary
          ? `Counts for ${primary.certification_name} with the ${primaryUnits} above. `
          : 'Counts for the certification chosen above. '}
        Check any other certification it counts for, with what it earns there in that body&rsquo;s
        unit (empty: the same figure), and the category it counts as there.
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
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  const inherit =
                    on &&
                    form.values[categoryKey(id)] === '' &&
                    categoryOptions(c, props.entries).some((o) => o.value === form.values.category);
                  form.update({
                    [creditKey(id)]: on ? 'yes' : '',
                    ...(inherit ? { [categoryKey(id)]: form.values.category } : {}),
                  });
                }}
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
              <CreditCategory
                {...props}
                certification={c}
                checked={checked}
                {...(errors[categoryKey(id)] ? { error: errors[categoryKey(id)] } : {})}
              />
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
    render: (props, { label }) => {
      const primary = primaryOf(props);
      return (
        <FormField
          {...props.form.field('cpe_units')}
          label={unitsFieldLabel(primary, label)}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          hint={
            primary
              ? `The ${unitsText(unitOf(primary))} it earns toward ${primary.certification_name}; leave empty for 0.`
              : 'Leave empty for 0.'
          }
        />
      );
    },
  },
  activity_date: {
    label: 'Date',
    render: ({ form, today }, { label }) => (
      <FormField
        {...form.field('activity_date')}
        label={label}
        type="date"
        required
        {...(today ? { max: today } : {})}
        hint="When it took place: today or earlier."
      />
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
