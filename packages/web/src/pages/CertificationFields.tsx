import { creditUnitLabel } from '@cpe/shared/catalogue';
import { cycleMonthsBetween } from '@cpe/shared/dates';
import { creditUnit } from '@cpe/shared/schemas';
import type { Certification } from '@cpe/shared/schemas';
import { FormField, SelectField } from '../components/FormField';
import { type FieldInput, type FieldLayout, LayoutFields } from '../lib/field-layout';
import { CatalogueRules } from './CatalogueRules';
import { CertificationNameField } from './CertificationNameField';
import type { CertificationFormState, CertificationValues } from './certification-rules';

export type CertificationField = Extract<keyof CertificationValues, string>;

export const EMPTY_CERTIFICATION: CertificationValues = {
  certification_name: '',
  earned_date: '',
  cpe_needed: '',
  expiry_date: '',
  verification_link: '',
  catalogue_id: '',
  unit: '',
  cycle_months: '',
  annual_minimum: '',
  member_id: '',
  certified_on: '',
};

const text = (value: number | string | null) => (value === null ? '' : String(value));

/**
 * The stored cycle length as the field shows it: empty where it is only the
 * measure of the dates (a certification without a catalogue entry), so that
 * corrected dates are measured again, as the field's hint says.
 */
function cycleMonthsField(cert: Certification): string {
  const measured =
    cert.catalogue_id === null && cert.expiry_date !== null
      ? cycleMonthsBetween(cert.earned_date, cert.expiry_date)
      : null;
  return cert.cycle_months === measured ? '' : text(cert.cycle_months);
}

/** A loaded certification as form values (no target, no expiry and no link are empty fields). */
export function certificationValues(cert: Certification): CertificationValues {
  return {
    certification_name: cert.certification_name,
    earned_date: cert.earned_date,
    cpe_needed: text(cert.cpe_needed),
    expiry_date: cert.expiry_date ?? '',
    verification_link: cert.verification_link ?? '',
    catalogue_id: cert.catalogue_id ?? '',
    unit: cert.unit ?? '',
    cycle_months: cycleMonthsField(cert),
    annual_minimum: text(cert.annual_minimum),
    member_id: cert.member_id ?? '',
    // The same day as the earned date is a first cycle: the field's empty value.
    certified_on: cert.certified_on === cert.earned_date ? '' : cert.certified_on,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * What the API receives: the spec's empty CPEs needed and expiry (and an empty
 * link) travel as null, and so do the rules left empty. Every field is sent,
 * so what the form shows is what is saved (decision 013: null clears).
 */
export function certificationBody(values: CertificationValues) {
  return {
    certification_name: values.certification_name,
    earned_date: values.earned_date,
    cpe_needed: orNull(values.cpe_needed),
    expiry_date: values.expiry_date === '' ? null : values.expiry_date,
    verification_link: orNull(values.verification_link),
    catalogue_id: orNull(values.catalogue_id),
    unit: orNull(values.unit) as Certification['unit'],
    cycle_months: orNull(values.cycle_months),
    annual_minimum: orNull(values.annual_minimum),
    member_id: orNull(values.member_id),
    certified_on: orNull(values.certified_on),
  };
}

type Form = CertificationFormState;

const UNITS = creditUnit.options;

type Unit = (typeof UNITS)[number];

/** The unit the form counts in: the one chosen, else the catalogue body's (as the API counts), else the spec's CPEs. */
function unitIn(unit: string, body?: Unit | null): Unit {
  return UNITS.find((u) => u === unit) ?? body ?? 'CPE';
}

/** "Counted in PDUs." under the target, where the unit is not the spec's CPEs. */
function unitHint(unit: string, body?: Unit | null): string | undefined {
  const known = unitIn(unit, body);
  return known !== 'CPE' ? `Counted in ${creditUnitLabel(known)}.` : undefined;
}

/**
 * A figure's label in the certification's unit: the spec's words for CPEs
 * ("Number of CPEs Needed", "CPE Needed"), the body's otherwise ("Number of
 * PDUs Needed", "PDUs Needed").
 */
export function labelInUnit(label: string, unit: string, body?: Unit | null): string {
  const known = unitIn(unit, body);
  return known === 'CPE' ? label : label.replace(/\bCPEs?\b/, creditUnitLabel(known));
}

const amountInput = {
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  step: 'any',
} as const;

/**
 * One input per field, with its default label. A new field is one entry here
 * (and one in each page's layout).
 */
const INPUTS: Record<CertificationField, FieldInput<Form>> = {
  certification_name: {
    label: 'Certification Name',
    render: (form, { label }) => {
      const field = form.field('certification_name');
      return (
        <>
          <CertificationNameField
            name={field.name}
            label={label}
            value={field.value}
            error={field.error}
            onChange={(value) => field.onChange({ target: { value } })}
            picked={form.entry}
            onPick={form.pick}
            describedBy={form.entry ? 'catalogue-rules' : undefined}
          />
          {form.entry && (
            <CatalogueRules
              id="catalogue-rules"
              entry={form.entry}
              earned={form.values.earned_date}
              cycleMonths={form.values.cycle_months}
              certifiedOn={form.values.certified_on}
              expiry={form.values.expiry_date}
              onUnlink={() => {
                form.unlink();
                // The button goes with the rules: the keyboard's focus goes back to the name.
                document.getElementById(`field-${field.name}`)?.focus();
              }}
            />
          )}
        </>
      );
    },
  },
  earned_date: {
    label: 'Earned Date',
    render: (form, { label }) => (
      <FormField {...form.field('earned_date')} label={label} type="date" required />
    ),
  },
  cpe_needed: {
    label: 'CPE Needed',
    render: (form, { label }) => (
      <FormField
        {...form.field('cpe_needed')}
        label={labelInUnit(label, form.values.unit, form.entry?.renewal.unit)}
        {...amountInput}
        hint={unitHint(form.values.unit, form.entry?.renewal.unit)}
      />
    ),
  },
  expiry_date: {
    label: 'Expiry Date',
    render: (form, { label }) => (
      <FormField
        {...form.field('expiry_date')}
        label={label}
        type="date"
        hint="Leave empty if the certification does not expire."
      />
    ),
  },
  verification_link: {
    label: 'Verification Link',
    render: (form, { label }) => (
      <FormField
        {...form.field('verification_link')}
        label={label}
        type="url"
        inputMode="url"
        placeholder="https://"
      />
    ),
  },
  member_id: {
    label: 'Member ID',
    render: (form, { label }) => (
      <FormField
        {...form.field('member_id')}
        label={label}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        hint="Your member or certificate number with the body, printed on your audit reports. Optional."
      />
    ),
  },
  certified_on: {
    label: 'First Certified',
    render: (form, { label }) => (
      <FormField
        {...form.field('certified_on')}
        label={label}
        type="date"
        hint="If you have renewed it before: the day you first earned it, so a new holder's exemptions and reduced hours do not apply to this cycle. Leave empty for your first cycle."
      />
    ),
  },
  catalogue_id: {
    // Set through the name field; no input of its own.
    label: 'Catalogue Entry',
    render: () => null,
  },
  unit: {
    label: 'Credit Unit',
    render: (form, { label }) => (
      <SelectField {...form.field('unit')} label={label}>
        <option value="">Not set ({creditUnitLabel(form.entry?.renewal.unit ?? 'CPE')})</option>
        {UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {creditUnitLabel(unit)}
          </option>
        ))}
      </SelectField>
    ),
  },
  cycle_months: {
    label: 'Cycle Length (months)',
    render: (form, { label }) => (
      <FormField
        {...form.field('cycle_months')}
        label={label}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        hint={
          form.entry
            ? "Empty: the body's cycle."
            : 'Empty: measured from the earned and expiry dates.'
        }
      />
    ),
  },
  annual_minimum: {
    label: 'Annual Minimum',
    render: (form, { label }) => (
      <FormField
        {...form.field('annual_minimum')}
        label={label}
        {...amountInput}
        hint={`${creditUnitLabel(unitIn(form.values.unit, form.entry?.renewal.unit))} required every year, if the body sets a minimum.`}
      />
    ),
  },
};

export type CertificationLayout = FieldLayout<CertificationField>;

export function CertificationFields(props: { form: Form; layout: CertificationLayout }) {
  return <LayoutFields inputs={INPUTS} layout={props.layout} form={props.form} />;
}
