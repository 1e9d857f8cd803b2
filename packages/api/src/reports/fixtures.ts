/** Report inputs for the renderers' tests and the bench: a CISSP cycle with activities and proof files. */
import type { ReportActivity, ReportInput } from '@cpe/shared/audit-report';
import { catalogueEntryById } from '@cpe/shared/catalogue';

export function cisspReportInput(activities: ReportActivity[]): ReportInput {
  const cissp = catalogueEntryById('isc2-cissp');
  if (!cissp) throw new Error('the catalogue has no isc2-cissp');
  return {
    holder: { email: 'ada@example.com' },
    certification: {
      certification_id: '00000000-0000-4000-8000-000000000001',
      certification_name: 'CISSP',
      unit: 'CPE',
      cpe_needed: 120,
      annual_minimum: null,
    },
    catalogue: { body: cissp.body, fullName: cissp.fullName, renewal: cissp.renewal },
    cycle: { start: '2025-03-01', end: '2028-02-29', current: true },
    activities,
    generatedOn: '2026-06-01',
  };
}

/** `count` activities spread over the cycle, every other one with a proof file, in three categories. */
export function manyActivities(count: number): ReportActivity[] {
  const categories = ['group-a', 'group-b', null] as const;
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2025, 2, 1) + i * 4 * 86_400_000).toISOString().slice(0, 10);
    return {
      activity_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      activity_name: `Security seminar ${i + 1}: threat modelling and cloud controls`,
      activity_date: day,
      units: 1 + (i % 4) * 0.5,
      category: categories[i % 3] ?? null,
      provider: i % 5 === 0 ? null : 'ISC2 Chapter',
      description:
        'Talks on threat modelling, identity and access management, and incident response; notes kept.',
      files:
        i % 2 === 0
          ? [
              {
                file_id: `f-${i}`,
                file_name: `certificate-${i + 1}.pdf`,
                content_type: 'application/pdf',
                size: 1000,
              },
            ]
          : [],
    };
  });
}
