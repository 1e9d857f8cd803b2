/** Test data as the API answers it. */
import { catalogueEntryById, publicCatalogueEntry } from '@cpe/shared/catalogue';
import {
  type Activity,
  type Certification,
  type ProofFile,
  type User,
  catalogueEntry,
} from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';

export const USER: User = {
  user_id: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.com',
  marketing_opt: false,
};

let seq = 0;
export function certification(overrides: Partial<Certification> = {}): Certification {
  seq += 1;
  return {
    certification_id: `c0000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    certification_name: `Certification ${seq}`,
    user_id: USER.user_id,
    cpe_needed: 120,
    total_cpes_earned: 30,
    percentage_completion: 25,
    earned_date: '2024-01-01',
    expiry_date: '2027-01-01',
    verification_link: 'https://example.com/verify',
    catalogue_id: null,
    unit: null,
    cycle_months: 36,
    annual_minimum: null,
    cycle_cpes_earned: 30,
    cycle_year_cpes_earned: 10,
    calendar_year_cpes_earned: 10,
    ...overrides,
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
      },
    ],
    files,
    has_proof: files.length > 0,
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
