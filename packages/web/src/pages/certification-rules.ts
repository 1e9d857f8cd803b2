import { useEffect, useRef, useState } from 'react';
import { addDaysIso, addMonthsIso, isRealIsoDate } from '@cpe/shared/dates';
import { firstCycle } from '@cpe/shared/rules';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import type { FormState } from '../lib/use-form';

/** The certification form as typed: every field a string until it is sent. */
export type CertificationValues = {
  certification_name: string;
  earned_date: string;
  cpe_needed: string;
  expiry_date: string;
  verification_link: string;
  /** The catalogue entry followed ('' for a custom certification); set by the name field. */
  catalogue_id: string;
  unit: string;
  cycle_months: string;
  annual_minimum: string;
  /** The holder's member number with the body, for the audit reports ('' for none). */
  member_id: string;
  /** The day first certified, for a certification renewed before ('' for a first cycle). */
  certified_on: string;
};

/** The form's state, with the catalogue entry it follows (see useCertificationRules). */
export interface CertificationFormState extends FormState<CertificationValues> {
  entry: CatalogueEntry | null;
  pick: (entry: CatalogueEntry) => void;
  unlink: () => void;
}

/**
 * The cycle that starts at `earned`, with the cycle's length as typed. For a
 * holder certified on `earned` (no earlier `certifiedOn`), the first cycle as
 * the entry's body places it (ISACA's runs from the 1 January after; PMI's
 * to the day before the anniversary); for one first certified before, a
 * later cycle, which runs its length from `earned` (the next cycle's rule).
 * Null while the earned date or the length is not usable, or when the
 * certification does not expire.
 */
export function cycleFor(
  entry: CatalogueEntry,
  earned: string,
  cycleMonths: string,
  certifiedOn = '',
): { start: string; end: string } | null {
  const months = Number(cycleMonths);
  if (!isRealIsoDate(earned) || cycleMonths.trim() === '' || !Number.isInteger(months)) return null;
  if (months < 1) return null;
  if (isRealIsoDate(certifiedOn) && certifiedOn < earned) {
    const end = addDaysIso(addMonthsIso(earned, months), -1);
    return isRealIsoDate(end) ? { start: earned, end } : null;
  }
  const cycle = firstCycle({ ...entry.renewal, cycleMonths: months }, earned);
  return cycle && isRealIsoDate(cycle.end) ? cycle : null;
}

/** The expiry of the cycle that starts at `earned` (see cycleFor): its last day. */
export function expiryFor(
  entry: CatalogueEntry,
  earned: string,
  cycleMonths: string,
  certifiedOn = '',
): string | null {
  return cycleFor(entry, earned, cycleMonths, certifiedOn)?.end ?? null;
}

const text = (value: number | null) => (value === null ? '' : String(value));

/**
 * What picking `entry` writes into the form: its target, unit, cycle and
 * annual minimum, and the expiry its cycle gives from the earned date (empty
 * for a certification that does not expire; kept while there is no earned
 * date yet). The name stays as typed or chosen.
 */
export function prefill(
  values: CertificationValues,
  entry: CatalogueEntry,
): Partial<CertificationValues> {
  const r = entry.renewal;
  const cycle = text(r.cycleMonths);
  const expiry =
    r.cycleMonths === null
      ? ''
      : (expiryFor(entry, values.earned_date, cycle, values.certified_on) ?? values.expiry_date);
  return {
    catalogue_id: entry.id,
    cpe_needed: text(r.total),
    unit: r.unit ?? '',
    cycle_months: cycle,
    annual_minimum: text(r.annualMinimum),
    expiry_date: expiry,
  };
}

/**
 * The certification form's catalogue behaviour over useForm: picking an entry
 * prefills the figures, and from then on the expiry follows the earned date
 * and the cycle, until the user types an expiry of their own. Every figure
 * stays editable; "keep my own rules" stops following the entry.
 */
export function useCertificationRules(
  form: FormState<CertificationValues>,
  initialEntry: CatalogueEntry | null,
  /** A form opened with an entry picked (from a recommendation) follows it from the start. */
  followFromStart = false,
): CertificationFormState {
  const [entry, setEntry] = useState(initialEntry);
  // The entry the expiry follows, read in updates that may run before a re-render.
  const followed = useRef(initialEntry);
  // A ref, and updates computed from the latest values: the name field reports a choice after
  // its render (downshift calls back from an effect), and a fast user may have typed the
  // earned date in between; no order of the two may lose the expiry.
  const expiryFollows = useRef(followFromStart && initialEntry !== null);

  // A draft brought back names an entry the page did not load: its rules come back with it.
  const { api } = useApi();
  const draftEntry = form.values.catalogue_id;
  const [asked] = useState(() => (draftEntry !== (initialEntry?.id ?? '') ? draftEntry : ''));
  // Discarded before its entry came back: the answer is not the form's any more.
  const draftDiscarded = useRef(false);
  useEffect(() => {
    if (asked === '') return undefined;
    let current = true;
    api.getCatalogueEntry(asked).then(
      (found) => {
        if (!current || draftDiscarded.current || followed.current !== initialEntry) return;
        setEntry(found);
        followed.current = found;
      },
      (error: unknown) => console.warn('Could not load the catalogue entry', error),
    );
    return () => {
      current = false;
    };
  }, [api, asked, initialEntry]);

  function field<K extends keyof CertificationValues>(name: K) {
    const plain = form.field(name);
    if (
      name !== 'earned_date' &&
      name !== 'cycle_months' &&
      name !== 'expiry_date' &&
      name !== 'certified_on'
    ) {
      return plain;
    }
    return {
      ...plain,
      onChange(event: { target: { value: string } }) {
        const value = event.target.value;
        if (name === 'expiry_date') expiryFollows.current = false;
        form.update((values) => {
          const next = { ...values, [name]: value };
          const expiry =
            expiryFollows.current && followed.current
              ? expiryFor(followed.current, next.earned_date, next.cycle_months, next.certified_on)
              : null;
          return expiry === null ? { [name]: value } : { [name]: value, expiry_date: expiry };
        });
      },
    };
  }

  const draft = form.draft;
  return {
    ...form,
    field,
    entry,
    // A discarded draft takes its entry with it: the rules are the page's again.
    draft: draft && {
      ...draft,
      discard() {
        draft.discard();
        draftDiscarded.current = true;
        setEntry(initialEntry);
        followed.current = initialEntry;
        expiryFollows.current = followFromStart && initialEntry !== null;
      },
    },
    pick(picked) {
      setEntry(picked);
      followed.current = picked;
      expiryFollows.current = picked.renewal.cycleMonths !== null;
      form.update((values) => prefill(values, picked));
    },
    unlink() {
      setEntry(null);
      followed.current = null;
      expiryFollows.current = false;
      form.update({ catalogue_id: '' });
    },
  };
}
