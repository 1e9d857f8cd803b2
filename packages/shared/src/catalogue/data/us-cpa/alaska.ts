/** Alaska CPA licence: the Alaska Board of Public Accountancy's CPE rules. */
import type { BodyData } from '../../types';

export const ALASKA: BodyData = {
  body: 'Alaska Board of Public Accountancy',
  source:
    'https://commerce.alaska.gov/web/cbpl/ProfessionalLicensing/BoardofPublicAccountancy/ContinuingEducationRenewalReinstatement.aspx',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Caps on instruction (30), informal programs (16) and publications (20) and the Alaska content of the ethics hours from CPE providers' summaries (the 20-hour publication cap is also in 12 AAC 04.390).",
  notes:
    "Every licence expires on 31 December of odd years, whatever its issue date; one issued within 90 days of that date runs to the next biennium. The board allows no grace period to practise on an expired licence. A licensee who reaches 80 hours but misses a year's 20 must take 8 more hours before or within 180 days after renewal, not counting toward the next renewal. The board's rule for a new licensee's first, shorter period was not read; the full 80 is recorded. A licensee first licensed within 12 months of the expiry date pays half the fee at the first renewal.",
  recommendable: false,
  renewal: {
    kind: 'credits',
    unit: 'CPE',
    total: 80,
    cycleMonths: 24,
    cycleStart: 'fixed',
    periodEnd: '2025-12-31',
    annualMinimum: 20,
    annualYear: 'calendar',
    categories: [
      { id: 'ethics', label: 'Ethics (Alaska statutes and regulations)', min: 4, per: 'cycle' },
    ],
    activityCaps: [
      { kind: 'instruction', label: 'Instruction', max: 30, per: 'cycle' },
      {
        kind: 'informal-programs',
        label: 'Informal programs of other organizations',
        max: 16,
        per: 'cycle',
      },
      { kind: 'authorship', label: 'Published articles and books', max: 20, per: 'cycle' },
    ],
    rollover: null,
    afterExpiry: [],
    fees: [],
  },
  entries: [
    {
      id: 'cpa-us-ak',
      name: 'CPA (Alaska)',
      fullName: 'Certified Public Accountant (Alaska)',
      aliases: ['Alaska CPA', 'AK CPA', 'CPA Alaska', 'CPA AK'],
      domains: ['accounting'],
      level: 3,
      // IT audit and risk are the usual additions for accountants.
      nextSteps: ['isaca-cisa', 'isaca-crisc'],
    },
  ],
};
