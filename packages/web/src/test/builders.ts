/** Test data as the API answers it. */
import { catalogueEntryById, publicCatalogueEntry } from '@cpe/shared/catalogue';
import { type RuleCredit, evaluate } from '@cpe/shared/rules';
import {
  type Activity,
  type Certification,
  type ProofFile,
  type Readiness,
  type User,
  catalogueEntry,
} from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';

export const USER: User = {
  user_id: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.com',
  marketing_opt: false,
};

/** The date the pages take for today unless a test says otherwise: standings depend on it. */
export const TEST_TODAY = '2025-07-01';

/** One credit of a built certification: dated its earned date and uncategorised unless said. */
export interface CreditSpec {
  units: number;
  date?: string;
  category?: string | null;
  archived?: boolean;
}

let seq = 0;

/**
 * A certification as the API answers it, its standing worked out by the rules
 * engine (with the catalogue entry its catalogue_id names) as of `today`
 * (TEST_TODAY), from `credits`. Without credits it has one, of
 * total_cpes_earned (30 by default) dated its earned date; the figures the
 * API derives from the standing (total, percentage, cycle) follow it.
 */
export function certification(
  overrides: Partial<Certification> & { credits?: readonly CreditSpec[]; today?: string } = {},
): Certification {
  seq += 1;
  const { credits, today = TEST_TODAY, standing: given, ...fields } = overrides;
  const stored = {
    certification_id: `c0000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    certification_name: `Certification ${seq}`,
    user_id: USER.user_id,
    cpe_needed: 120,
    earned_date: '2024-01-01',
    expiry_date: '2027-01-01',
    verification_link: 'https://example.com/verify',
    catalogue_id: null,
    unit: null,
    cycle_months: 36,
    annual_minimum: null,
    member_id: null,
    carried_in: 0,
    carried_category: null,
    calendar_year_cpes_earned: 10,
    version: 1,
    ...fields,
  };
  const certifiedOn = fields.certified_on ?? stored.earned_date;
  const earned = fields.total_cpes_earned ?? fields.cycle_cpes_earned ?? 30;
  const ruleCredits: RuleCredit[] = (credits ?? (earned > 0 ? [{ units: earned }] : [])).map(
    (c, i) => ({
      id: `credit-${i}`,
      date: c.date ?? stored.earned_date,
      units: c.units,
      category: c.category ?? null,
      archived: c.archived ?? false,
    }),
  );
  const entry = stored.catalogue_id ? catalogueEntryById(stored.catalogue_id) : undefined;
  const { credits: _counted, ...standing } = evaluate(
    entry,
    { ...stored, certified_on: certifiedOn },
    ruleCredits,
    today,
  );
  const answer = given ?? standing;
  const year = answer.years.find((y) => y.from <= today && today <= y.to);
  return {
    ...stored,
    certified_on: certifiedOn,
    total_cpes_earned: answer.earned,
    percentage_completion: answer.percent,
    cycle_cpes_earned: answer.earned,
    cycle_year_cpes_earned: fields.cycle_year_cpes_earned ?? year?.earned ?? 0,
    standing: answer,
  };
}

/** An activity counting for its primary certification only (credits follow unless given), without proof. */
export function activity(overrides: Partial<Activity> = {}): Activity {
  seq += 1;
  const certificationId = overrides.certification_id ?? 'c0000000-0000-4000-8000-000000000001';
  const units = overrides.cpe_units ?? 2;
  const files = overrides.files ?? [];
  return {
    activity_id: `a0000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    certification_id: certificationId,
    activity_name: `Activity ${seq}`,
    description: 'A webinar',
    cpe_units: units,
    activity_date: '2024-06-01',
    is_archived: false,
    provider: null,
    category: null,
    credits: [
      {
        certification_id: certificationId,
        cpe_units: units,
        submitted_on: null,
        is_archived: overrides.is_archived ?? false,
        category: overrides.category ?? null,
      },
    ],
    files,
    has_proof: files.length > 0,
    version: 1,
    ...overrides,
  };
}

export function proofFile(overrides: Partial<ProofFile> = {}): ProofFile {
  seq += 1;
  return {
    file_id: `f0000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    file_name: `certificate-${seq}.pdf`,
    content_type: 'application/pdf',
    size: 48_213,
    uploaded_at: '2025-06-30T10:00:00.000Z',
    ...overrides,
  };
}

/** A real catalogue entry as GET /api/catalogue/{id} answers it, with any figure changed. */
export function entry(id: string, overrides: Partial<CatalogueEntry> = {}): CatalogueEntry {
  const found = catalogueEntryById(id);
  if (!found) throw new Error(`no catalogue entry ${id}`);
  return { ...catalogueEntry.parse(publicCatalogueEntry(found)), ...overrides };
}

/** The readiness answer for `cert`'s current cycle: its standing, no categories and no problems unless given. */
export function readiness(cert: Certification, overrides: Partial<Readiness> = {}): Readiness {
  const { standing } = cert;
  return {
    certification_id: cert.certification_id,
    cycle: { start: standing.cycle.countsFrom, end: standing.cycle.end },
    totals: { earned: standing.earned, target: standing.target, unit: standing.unit },
    categories: [],
    problems: [],
    standing,
    ...overrides,
  };
}
