/**
 * LPI (Linux Professional Institute): LPIC certifications stay active for
 * five years; passing the exams again, or a higher level, restarts the five
 * years. Linux Essentials does not expire.
 */
import type { BodyData, RenewalRule } from '../types';

const ACTIVE_5Y: RenewalRule = {
  kind: 'exam',
  unit: null,
  total: null,
  cycleMonths: 60,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const LIFETIME: RenewalRule = {
  kind: 'none',
  unit: null,
  total: null,
  cycleMonths: null,
  annualMinimum: null,
  annualYear: null,
  categories: [],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

export const LPI: BodyData = {
  body: 'LPI',
  source: 'https://www.mail-archive.com/lpi-discuss@lpi.org/msg01341.html',
  checked: '2026-11',
  uncertain: true,
  uncertainNote:
    "Five years: from LPI's 2006 policy announcement as reported by the press and an LPI mailing-list answer; LPI's current policy page was not read.",
  notes:
    'After five years the certification becomes inactive rather than deleted: it stays on record with its date. Passing a higher LPIC level restarts the five years for all active lower LPIC certifications. LPI recommends recertifying every two years.',
  recommendable: true,
  renewal: ACTIVE_5Y,
  entries: [
    {
      id: 'lpi-lpic-1',
      name: 'LPIC-1',
      fullName: 'LPIC-1 Linux Administrator',
      aliases: ['LPI LPIC-1', 'LPIC 1', 'LPIC1'],
      domains: ['systems'],
      level: 2,
      nextSteps: ['lpi-lpic-2', 'redhat-rhcsa', 'lf-lfcs'],
    },
    {
      id: 'lpi-lpic-2',
      name: 'LPIC-2',
      fullName: 'LPIC-2 Linux Engineer',
      aliases: ['LPI LPIC-2', 'LPIC 2', 'LPIC2'],
      domains: ['systems', 'networking'],
      level: 3,
      nextSteps: ['lpi-lpic-3', 'redhat-rhce'],
    },
    {
      id: 'lpi-lpic-3',
      name: 'LPIC-3',
      fullName: 'LPIC-3 Linux Enterprise Professional',
      aliases: ['LPI LPIC-3', 'LPIC 3', 'LPIC3'],
      domains: ['systems', 'security'],
      level: 4,
      nextSteps: [],
      notes:
        'Offered in specialties (Mixed Environments, Security, Virtualization and Containerization, High Availability).',
    },
    {
      id: 'lpi-devops',
      name: 'LPI DevOps Tools Engineer',
      fullName: 'LPI DevOps Tools Engineer',
      aliases: ['DevOps Tools Engineer'],
      domains: ['systems', 'cloud'],
      level: 3,
      nextSteps: ['lf-cka'],
    },
    {
      id: 'lpi-linux-essentials',
      name: 'Linux Essentials',
      fullName: 'LPI Linux Essentials',
      aliases: ['LPI Linux Essentials Certificate'],
      domains: ['systems'],
      level: 1,
      nextSteps: ['lpi-lpic-1', 'comptia-linux-plus'],
      renewal: LIFETIME,
      notes: 'A certificate of achievement with no expiry.',
    },
  ],
};
