import type { Certification } from '@cpe/shared/schemas';
import { FormField } from '../components/FormField';
import { type FieldInput, type FieldLayout, LayoutFields } from '../lib/field-layout';
import type { FormState } from '../lib/use-form';

/** The certification form as typed: every field a string until it is sent. */
export type CertificationValues = {
  certification_name: string;
  earned_date: string;
  cpe_needed: string;
  expiry_date: string;
  verification_link: string;
};

export type CertificationField = Extract<keyof CertificationValues, string>;

export const EMPTY_CERTIFICATION: CertificationValues = {
  certification_name: '',
  earned_date: '',
  cpe_needed: '',
  expiry_date: '',
  verification_link: '',
};

/** A loaded certification as form values (no target, no expiry and no link are empty fields). */
export function certificationValues(cert: Certification): CertificationValues {
  return {
    certification_name: cert.certification_name,
    earned_date: cert.earned_date,
    cpe_needed: cert.cpe_needed === null ? '' : String(cert.cpe_needed),
    expiry_date: cert.expiry_date ?? '',
    verification_link: cert.verification_link ?? '',
  };
}

/** What the API receives: the spec's empty CPEs needed and expiry (and an empty link) travel as null. */
export function certificationBody(values: CertificationValues) {
  return {
    certification_name: values.certification_name,
    earned_date: values.earned_date,
    cpe_needed: values.cpe_needed.trim() === '' ? null : values.cpe_needed,
    expiry_date: values.expiry_date === '' ? null : values.expiry_date,
    verification_link: values.verification_link.trim() === '' ? null : values.verification_link,
  };
}

type Form = FormState<CertificationValues>;

/**
 * One input per field, with its default label. A new field is one entry here
 * (and one in each page's layout).
 */
const INPUTS: Record<CertificationField, FieldInput<Form>> = {
  certification_name: {
    label: 'Certification Name',
    render: (form, { label }) => (
      <FormField {...form.field('certification_name')} label={label} required maxLength={200} />
    ),
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
        label={label}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
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
};

export type CertificationLayout = FieldLayout<CertificationField>;

export function CertificationFields(props: { form: Form; layout: CertificationLayout }) {
  return <LayoutFields inputs={INPUTS} layout={props.layout} form={props.form} />;
}
