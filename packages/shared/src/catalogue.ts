/**
 * The built-in certification catalogue: the renewal rules of the major
 * certification bodies (from docs cpe-rules.md) and a small deterministic
 * recommender over it. Figures move, so every entry carries its source, the
 * month it was checked and whether the sources disagree; users can always
 * override target and cycle on their own certifications.
 */

export type CpeUnit = 'CPE' | 'PDU' | 'CEU' | 'ECE';

export type CertificationBody =
  | 'ISC2'
  | 'ISACA'
  | 'CompTIA'
  | 'PMI'
  | 'GIAC'
  | 'EC-Council'
  | 'AICPA/state boards'
  | 'CPA Canada'
  | 'CA ANZ';

export type CatalogueDomain =
  | 'security'
  | 'audit'
  | 'governance'
  | 'risk'
  | 'privacy'
  | 'cloud'
  | 'networking'
  | 'data'
  | 'systems'
  | 'it support'
  | 'offensive security'
  | 'incident response'
  | 'software security'
  | 'project management'
  | 'accounting';

export interface CatalogueEntry {
  /** Stable key; `nextSteps` refer to entries by it. */
  id: string;
  body: CertificationBody;
  /** The short name people write (e.g. "CISSP"). */
  name: string;
  fullName: string;
  /** Other spellings that should find this entry (the full name is matched too). */
  aliases: readonly string[];
  /** Most specific first: the first one is the entry's main field. */
  domains: readonly CatalogueDomain[];
  /** 1 entry, 2 foundation, 3 practitioner, 4 expert or management: keeps recommendations from stepping back. */
  level: 1 | 2 | 3 | 4;
  cycleYears: number;
  /** Units needed per cycle. */
  cpeTotal: number;
  /** Units needed every year of the cycle; null where the body sets none. */
  annualMinimum: number | null;
  unit: CpeUnit;
  notes: string;
  /** Where the figures were read. */
  source: string;
  /** Month the figures were checked, `YYYY-MM`. */
  checked: string;
  /** The sources disagree or are second-hand: the user should confirm with the body. */
  uncertain: boolean;
  /** Ids of the natural next certifications, most natural first. */
  nextSteps: readonly string[];
  /**
   * False for licences to practise in one place (a US state's CPA, CPA Canada,
   * CA ANZ): nobody adds another state's licence to grow a career, so the
   * recommender never suggests them; they are here for their renewal rules.
   */
  recommendable: boolean;
}

/** When the research notes (cpe-rules.md) were last checked against their sources. */
const CHECKED = '2026-11';

type Defaulted = 'checked' | 'uncertain' | 'notes' | 'nextSteps' | 'recommendable';
type EntryInput = Omit<CatalogueEntry, Defaulted> & Partial<Pick<CatalogueEntry, Defaulted>>;

function entry(input: EntryInput): CatalogueEntry {
  return {
    checked: CHECKED,
    uncertain: false,
    notes: '',
    nextSteps: [],
    recommendable: true,
    ...input,
  };
}

const ISC2_SOURCE = 'isc2.org CPE FAQ';
const ISACA = {
  body: 'ISACA',
  cycleYears: 3,
  cpeTotal: 120,
  annualMinimum: 20,
  unit: 'CPE',
  notes:
    'Random annual CPE audit: record name, sponsor, title, date and hours. The same hours may count for several ISACA certifications.',
  source: 'isaca.org Annual CPE Audit page',
} as const;
const COMPTIA = { body: 'CompTIA', cycleYears: 3, annualMinimum: null, unit: 'CEU' } as const;
const COMPTIA_NOTES =
  'Renewing a higher CompTIA certification renews the lower ones it covers. 1 CEU per training hour; at least half the content must map to the exam objectives.';
const PMI = { body: 'PMI', cycleYears: 3, annualMinimum: null, unit: 'PDU' } as const;
const PMI_TRIANGLE_NOTES =
  'Education at least 35 PDUs with at least 8 in each Talent Triangle area; Giving Back at most 25.';
const GIAC = {
  body: 'GIAC',
  cycleYears: 4,
  cpeTotal: 36,
  annualMinimum: null,
  unit: 'CPE',
  source: 'second-hand summaries of GIAC renewal rules',
  uncertain: true,
} as const;
const US_CPA = {
  body: 'AICPA/state boards',
  unit: 'CPE',
  source: 'state board summaries (cpe247.com, westerncpe.com)',
  notes: 'Rules differ by state (ethics hours, subject areas, carryover): check your board.',
  recommendable: false,
  // IT audit and risk are the usual additions for accountants.
  nextSteps: ['isaca-cisa', 'isaca-crisc'],
} as const;

export const CATALOGUE: readonly CatalogueEntry[] = [
  // ISC2
  entry({
    id: 'isc2-cissp',
    level: 4,
    body: 'ISC2',
    name: 'CISSP',
    fullName: 'Certified Information Systems Security Professional',
    aliases: ['ISC2 CISSP', '(ISC)2 CISSP'],
    domains: ['security', 'governance', 'risk'],
    cycleYears: 3,
    cpeTotal: 120,
    annualMinimum: 40,
    unit: 'CPE',
    notes:
      'Annual 40 (30 Group A + 10 A/B) under the post-2015 rules; newer ISC2 wording calls annual figures recommendations. Group B at most 30 per cycle; up to 40 Group A earned in the last 6 months roll over; 90-day grace to submit; keep proof 12 months after the cycle.',
    source: `${ISC2_SOURCE}; ISC2 chapter pages (isc2chapter-usmilitarygermany.org, isc2kenya.com 2024-05)`,
    uncertain: true,
    nextSteps: ['isc2-ccsp', 'isaca-cism', 'isc2-csslp'],
  }),
  entry({
    id: 'isc2-ccsp',
    level: 4,
    body: 'ISC2',
    name: 'CCSP',
    fullName: 'Certified Cloud Security Professional',
    aliases: ['ISC2 CCSP'],
    domains: ['cloud', 'security'],
    cycleYears: 3,
    cpeTotal: 90,
    annualMinimum: 30,
    unit: 'CPE',
    notes: 'Annual 30 is a recommendation; up to 30 roll over.',
    source: ISC2_SOURCE,
    nextSteps: ['isc2-cissp', 'comptia-cloudnetx'],
  }),
  entry({
    id: 'isc2-csslp',
    level: 4,
    body: 'ISC2',
    name: 'CSSLP',
    fullName: 'Certified Secure Software Lifecycle Professional',
    aliases: ['ISC2 CSSLP'],
    domains: ['software security', 'security'],
    cycleYears: 3,
    cpeTotal: 90,
    annualMinimum: 30,
    unit: 'CPE',
    notes: 'Annual 30 is a recommendation; up to 30 roll over.',
    source: ISC2_SOURCE,
    nextSteps: ['isc2-cissp', 'isc2-ccsp'],
  }),
  entry({
    id: 'isc2-sscp',
    level: 2,
    body: 'ISC2',
    name: 'SSCP',
    fullName: 'Systems Security Certified Practitioner',
    aliases: ['ISC2 SSCP'],
    domains: ['security', 'systems'],
    cycleYears: 3,
    cpeTotal: 60,
    annualMinimum: 20,
    unit: 'CPE',
    notes: 'Annual 20 is a recommendation; up to 20 roll over.',
    source: `${ISC2_SOURCE} (weak secondary source)`,
    uncertain: true,
    nextSteps: ['isc2-cissp', 'comptia-cysa-plus'],
  }),
  entry({
    id: 'isc2-cc',
    level: 1,
    body: 'ISC2',
    name: 'CC',
    fullName: 'Certified in Cybersecurity',
    aliases: ['ISC2 CC', 'ISC2 Certified in Cybersecurity'],
    domains: ['security'],
    cycleYears: 3,
    cpeTotal: 45,
    annualMinimum: 15,
    unit: 'CPE',
    source: 'second-hand',
    uncertain: true,
    nextSteps: ['isc2-sscp', 'comptia-security-plus', 'isc2-cissp'],
  }),

  // ISACA: one rule for all of them.
  entry({
    ...ISACA,
    id: 'isaca-cisa',
    level: 3,
    name: 'CISA',
    fullName: 'Certified Information Systems Auditor',
    aliases: ['ISACA CISA'],
    domains: ['audit', 'governance', 'security'],
    nextSteps: ['isaca-cism', 'isaca-crisc', 'isaca-cgeit'],
  }),
  entry({
    ...ISACA,
    id: 'isaca-cism',
    level: 4,
    name: 'CISM',
    fullName: 'Certified Information Security Manager',
    aliases: ['ISACA CISM'],
    domains: ['security', 'governance', 'risk'],
    nextSteps: ['isaca-crisc', 'isaca-cgeit', 'isc2-cissp'],
  }),
  entry({
    ...ISACA,
    id: 'isaca-crisc',
    level: 3,
    name: 'CRISC',
    fullName: 'Certified in Risk and Information Systems Control',
    aliases: ['ISACA CRISC'],
    domains: ['risk', 'governance', 'audit'],
    nextSteps: ['isaca-cgeit', 'isaca-cism'],
  }),
  entry({
    ...ISACA,
    id: 'isaca-cgeit',
    level: 4,
    name: 'CGEIT',
    fullName: 'Certified in the Governance of Enterprise IT',
    aliases: ['ISACA CGEIT'],
    domains: ['governance', 'risk', 'audit'],
    nextSteps: ['isaca-crisc', 'pmi-pfmp'],
  }),
  entry({
    ...ISACA,
    id: 'isaca-cdpse',
    level: 3,
    name: 'CDPSE',
    fullName: 'Certified Data Privacy Solutions Engineer',
    aliases: ['ISACA CDPSE'],
    domains: ['privacy', 'data', 'security'],
    nextSteps: ['isaca-cism', 'isaca-crisc'],
  }),

  // CompTIA
  entry({
    ...COMPTIA,
    id: 'comptia-a-plus',
    level: 1,
    name: 'A+',
    fullName: 'CompTIA A+',
    aliases: ['A plus', 'CompTIA A plus'],
    domains: ['it support', 'systems'],
    cpeTotal: 20,
    notes: COMPTIA_NOTES,
    source: 'comptia.org continuing education pages',
    nextSteps: ['comptia-network-plus', 'comptia-security-plus', 'comptia-linux-plus'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-data-plus',
    level: 2,
    name: 'Data+',
    fullName: 'CompTIA Data+',
    aliases: ['Data plus'],
    domains: ['data'],
    cpeTotal: 20,
    notes: COMPTIA_NOTES,
    source: 'comptia.org continuing education pages',
    nextSteps: ['comptia-datasys-plus', 'comptia-datax'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-network-plus',
    level: 2,
    name: 'Network+',
    fullName: 'CompTIA Network+',
    aliases: ['Network plus', 'Net+'],
    domains: ['networking'],
    cpeTotal: 30,
    notes: COMPTIA_NOTES,
    source: 'comptia.org',
    nextSteps: ['comptia-security-plus', 'comptia-cloud-plus', 'comptia-cloudnetx'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-datasys-plus',
    level: 2,
    name: 'DataSys+',
    fullName: 'CompTIA DataSys+',
    aliases: ['DataSys plus'],
    domains: ['data', 'systems'],
    cpeTotal: 30,
    notes: COMPTIA_NOTES,
    source: 'comptia.org',
    nextSteps: ['comptia-datax'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-security-plus',
    level: 2,
    name: 'Security+',
    fullName: 'CompTIA Security+',
    aliases: ['Security plus', 'Sec+'],
    domains: ['security'],
    cpeTotal: 50,
    notes: COMPTIA_NOTES,
    source: 'comptia.org; infosecinstitute.com',
    nextSteps: ['comptia-cysa-plus', 'isc2-cissp', 'comptia-pentest-plus'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-linux-plus',
    level: 2,
    name: 'Linux+',
    fullName: 'CompTIA Linux+',
    aliases: ['Linux plus'],
    domains: ['systems'],
    cpeTotal: 50,
    notes: `Some sources say 30 CEUs. ${COMPTIA_NOTES}`,
    source: 'comptia.org; infosecinstitute.com',
    uncertain: true,
    nextSteps: ['comptia-cloud-plus', 'comptia-security-plus'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-cloud-plus',
    level: 2,
    name: 'Cloud+',
    fullName: 'CompTIA Cloud+',
    aliases: ['Cloud plus'],
    domains: ['cloud', 'systems'],
    cpeTotal: 50,
    notes: `Some sources say 30 CEUs. ${COMPTIA_NOTES}`,
    source: 'comptia.org; infosecinstitute.com',
    uncertain: true,
    nextSteps: ['comptia-cloudnetx', 'isc2-ccsp'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-pentest-plus',
    level: 3,
    name: 'PenTest+',
    fullName: 'CompTIA PenTest+',
    aliases: ['PenTest plus'],
    domains: ['offensive security', 'security'],
    cpeTotal: 60,
    notes: COMPTIA_NOTES,
    source: 'comptia.org',
    nextSteps: ['giac-gpen', 'eccouncil-ceh', 'comptia-securityx'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-cysa-plus',
    level: 3,
    name: 'CySA+',
    fullName: 'CompTIA Cybersecurity Analyst',
    aliases: ['CySA plus', 'CompTIA CySA+', 'Cybersecurity Analyst+'],
    domains: ['incident response', 'security'],
    cpeTotal: 60,
    notes: COMPTIA_NOTES,
    source: 'comptia.org',
    nextSteps: ['comptia-securityx', 'giac-gcih', 'isc2-cissp'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-securityx',
    level: 4,
    name: 'SecurityX',
    fullName: 'CompTIA SecurityX',
    aliases: ['CASP+', 'CASP', 'CompTIA CASP+', 'CompTIA Advanced Security Practitioner'],
    domains: ['security', 'governance'],
    cpeTotal: 75,
    notes: `Formerly CASP+. ${COMPTIA_NOTES}`,
    source: 'comptia.org',
    nextSteps: ['isc2-cissp', 'isaca-cism'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-cloudnetx',
    level: 4,
    name: 'CloudNetX',
    fullName: 'CompTIA CloudNetX',
    aliases: [],
    domains: ['cloud', 'networking'],
    cpeTotal: 75,
    notes: COMPTIA_NOTES,
    source: 'comptia.org',
    nextSteps: ['isc2-ccsp'],
  }),
  entry({
    ...COMPTIA,
    id: 'comptia-datax',
    level: 4,
    name: 'DataX',
    fullName: 'CompTIA DataX',
    aliases: [],
    domains: ['data'],
    cpeTotal: 75,
    notes: COMPTIA_NOTES,
    source: 'comptia.org',
    nextSteps: ['isaca-cdpse'],
  }),

  // PMI
  entry({
    ...PMI,
    id: 'pmi-pmp',
    level: 3,
    name: 'PMP',
    fullName: 'Project Management Professional',
    aliases: ['PMI PMP'],
    domains: ['project management'],
    cpeTotal: 60,
    notes: PMI_TRIANGLE_NOTES,
    source: 'pmi.org maintain-certification page',
    nextSteps: ['pmi-pgmp', 'pmi-acp', 'pmi-rmp'],
  }),
  entry({
    ...PMI,
    id: 'pmi-pgmp',
    level: 4,
    name: 'PgMP',
    fullName: 'Program Management Professional',
    aliases: ['PMI PgMP'],
    domains: ['project management'],
    cpeTotal: 60,
    notes: PMI_TRIANGLE_NOTES,
    source: 'pmi.org maintain-certification page',
    nextSteps: ['pmi-pfmp'],
  }),
  entry({
    ...PMI,
    id: 'pmi-pfmp',
    level: 4,
    name: 'PfMP',
    fullName: 'Portfolio Management Professional',
    aliases: ['PMI PfMP'],
    domains: ['project management', 'governance'],
    cpeTotal: 60,
    notes: PMI_TRIANGLE_NOTES,
    source: 'pmi.org maintain-certification page',
    nextSteps: ['isaca-cgeit'],
  }),
  entry({
    ...PMI,
    id: 'pmi-pba',
    level: 3,
    name: 'PMI-PBA',
    fullName: 'PMI Professional in Business Analysis',
    aliases: ['PBA'],
    domains: ['project management', 'data'],
    cpeTotal: 60,
    notes: PMI_TRIANGLE_NOTES,
    source: 'pmi.org maintain-certification page',
    nextSteps: ['pmi-pmp'],
  }),
  entry({
    ...PMI,
    id: 'pmi-acp',
    level: 3,
    name: 'PMI-ACP',
    fullName: 'PMI Agile Certified Practitioner',
    aliases: ['ACP'],
    domains: ['project management'],
    cpeTotal: 30,
    source: 'pmi.org',
    nextSteps: ['pmi-pmp', 'pmi-pgmp'],
  }),
  entry({
    ...PMI,
    id: 'pmi-rmp',
    level: 3,
    name: 'PMI-RMP',
    fullName: 'PMI Risk Management Professional',
    aliases: ['RMP'],
    domains: ['project management', 'risk'],
    cpeTotal: 30,
    source: 'pmi.org',
    nextSteps: ['isaca-crisc', 'pmi-pmp'],
  }),
  entry({
    ...PMI,
    id: 'pmi-sp',
    level: 3,
    name: 'PMI-SP',
    fullName: 'PMI Scheduling Professional',
    aliases: [],
    domains: ['project management'],
    cpeTotal: 30,
    source: 'pmi.org',
    nextSteps: ['pmi-pmp'],
  }),
  entry({
    ...PMI,
    id: 'pmi-capm',
    level: 1,
    name: 'CAPM',
    fullName: 'Certified Associate in Project Management',
    aliases: ['PMI CAPM'],
    domains: ['project management'],
    cpeTotal: 15,
    notes: 'Older pages say the exam is retaken every 5 years instead.',
    source: 'pmi.org',
    uncertain: true,
    nextSteps: ['pmi-pmp', 'pmi-acp'],
  }),

  // GIAC: one rule for all; the common ones are listed.
  entry({
    ...GIAC,
    id: 'giac-gsec',
    level: 2,
    name: 'GSEC',
    fullName: 'GIAC Security Essentials',
    aliases: [],
    domains: ['security'],
    nextSteps: ['giac-gcih', 'isc2-cissp'],
  }),
  entry({
    ...GIAC,
    id: 'giac-gcih',
    level: 3,
    name: 'GCIH',
    fullName: 'GIAC Certified Incident Handler',
    aliases: [],
    domains: ['incident response', 'security'],
    nextSteps: ['giac-gcfa', 'giac-gpen'],
  }),
  entry({
    ...GIAC,
    id: 'giac-gpen',
    level: 3,
    name: 'GPEN',
    fullName: 'GIAC Penetration Tester',
    aliases: [],
    domains: ['offensive security', 'security'],
    nextSteps: ['giac-gcih'],
  }),
  entry({
    ...GIAC,
    id: 'giac-gcfa',
    level: 4,
    name: 'GCFA',
    fullName: 'GIAC Certified Forensic Analyst',
    aliases: [],
    domains: ['incident response', 'security'],
    nextSteps: ['giac-gcih'],
  }),

  entry({
    id: 'eccouncil-ceh',
    level: 3,
    body: 'EC-Council',
    name: 'CEH',
    fullName: 'Certified Ethical Hacker',
    aliases: ['EC-Council CEH', 'C|EH'],
    domains: ['offensive security', 'security'],
    cycleYears: 3,
    cpeTotal: 120,
    annualMinimum: 20,
    unit: 'ECE',
    notes: 'Other EC-Council certifications follow the same ECE scheme.',
    source: 'second-hand summaries of EC-Council ECE rules',
    uncertain: true,
    nextSteps: ['comptia-pentest-plus', 'giac-gpen'],
  }),

  // Accounting: US CPAs renew with their state board, so each state is its own entry.
  entry({
    ...US_CPA,
    id: 'cpa-us-tx',
    level: 3,
    name: 'CPA (Texas)',
    fullName: 'Certified Public Accountant (Texas)',
    aliases: ['Texas CPA', 'TX CPA', 'CPA Texas', 'CPA TX'],
    domains: ['accounting'],
    cycleYears: 3,
    cpeTotal: 120,
    annualMinimum: 20,
    notes: `Ethics: 4 hours every 2 years. ${US_CPA.notes}`,
  }),
  entry({
    ...US_CPA,
    id: 'cpa-us-ga',
    level: 3,
    name: 'CPA (Georgia)',
    fullName: 'Certified Public Accountant (Georgia)',
    aliases: ['Georgia CPA', 'GA CPA', 'CPA Georgia', 'CPA GA'],
    domains: ['accounting'],
    cycleYears: 2,
    cpeTotal: 80,
    annualMinimum: 20,
    notes: `16 accounting and auditing hours; carryover at most 15. ${US_CPA.notes}`,
  }),
  entry({
    ...US_CPA,
    id: 'cpa-us-pa',
    level: 3,
    name: 'CPA (Pennsylvania)',
    fullName: 'Certified Public Accountant (Pennsylvania)',
    aliases: ['Pennsylvania CPA', 'PA CPA', 'CPA Pennsylvania', 'CPA PA'],
    domains: ['accounting'],
    cycleYears: 2,
    cpeTotal: 80,
    annualMinimum: 20,
  }),
  entry({
    ...US_CPA,
    id: 'cpa-us-al',
    level: 3,
    name: 'CPA (Alabama)',
    fullName: 'Certified Public Accountant (Alabama)',
    aliases: ['Alabama CPA', 'AL CPA', 'CPA Alabama', 'CPA AL'],
    domains: ['accounting'],
    cycleYears: 1,
    cpeTotal: 40,
    annualMinimum: 40,
  }),
  entry({
    id: 'cpa-canada',
    level: 3,
    body: 'CPA Canada',
    name: 'CPA Canada',
    fullName: 'Chartered Professional Accountant (Canada)',
    aliases: ['CPA (Canada)', 'Canadian CPA', 'Chartered Professional Accountant'],
    domains: ['accounting'],
    cycleYears: 3,
    cpeTotal: 120,
    annualMinimum: 20,
    unit: 'CPE',
    notes:
      'Rolling 3-year cycle; at least 60 verifiable, 10 verifiable a year, 4 ethics; the first year is prorated.',
    source: 'provincial rules (second-hand)',
    uncertain: true,
    recommendable: false,
    nextSteps: ['isaca-cisa', 'isaca-crisc'],
  }),
  entry({
    id: 'ca-anz',
    level: 3,
    body: 'CA ANZ',
    name: 'CA ANZ',
    fullName: 'Chartered Accountant (Australia and New Zealand)',
    aliases: ['CA (ANZ)', 'Chartered Accountants ANZ', 'Chartered Accountant ANZ'],
    domains: ['accounting'],
    cycleYears: 3,
    cpeTotal: 120,
    annualMinimum: 20,
    unit: 'CPE',
    notes: 'Counted as CPD hours: 90 verifiable, 6 ethics.',
    source: 'CA ANZ CPD regulation (second-hand)',
    uncertain: true,
    recommendable: false,
    nextSteps: ['isaca-cisa', 'isaca-crisc'],
  }),
];

/** For users who hold nothing the catalogue knows: broad, well-recognised starting points. */
const POPULAR = [
  'comptia-security-plus',
  'pmi-pmp',
  'isaca-cisa',
  'isc2-cissp',
  'comptia-network-plus',
  'isc2-ccsp',
] as const;

const BY_ID = new Map(CATALOGUE.map((e) => [e.id, e]));

export function catalogueEntryById(id: string): CatalogueEntry | undefined {
  return BY_ID.get(id);
}

/**
 * Words people add around a certification's name ("ISC2 CISSP certification")
 * that do not change which one they mean. Only tried after an exact match
 * failed, so names that contain them (e.g. "PMI-ACP") still match first.
 */
const NOISE_WORDS = new Set([
  'isc2',
  'isc',
  'isaca',
  'comptia',
  'pmi',
  'giac',
  'ec',
  'council',
  'eccouncil',
  'certification',
  'certificate',
  'cert',
  'certified',
  'credential',
  // CompTIA's "ce" suffix marks the continuing-education edition of the same certification.
  'ce',
  'the',
]);

function words(text: string): string[] {
  return (
    text
      // "²" in "(ISC)²" and full-width letters become plain ASCII; accents drop off.
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // "+" is part of the name (A+ is not A), so it becomes a word of its own.
      .replace(/\+/g, ' plus ')
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== '')
  );
}

function exactKey(text: string): string {
  return words(text).join('');
}

function looseKey(text: string): string {
  return words(text)
    .filter((w) => !NOISE_WORDS.has(w))
    .join('');
}

/** key -> entry; a key two entries share is ambiguous and maps to null. */
function buildIndex(key: (text: string) => string): Map<string, CatalogueEntry | null> {
  const index = new Map<string, CatalogueEntry | null>();
  for (const e of CATALOGUE) {
    const keys = new Set([e.id, e.name, e.fullName, ...e.aliases].map(key));
    for (const k of keys) {
      if (k === '') continue;
      const existing = index.get(k);
      index.set(k, existing === undefined || existing === e ? e : null);
    }
  }
  return index;
}

const EXACT_INDEX = buildIndex(exactKey);
const LOOSE_INDEX = buildIndex(looseKey);

/**
 * The catalogue entry a user-typed certification name refers to, ignoring
 * case, punctuation, spacing and surrounding words such as the body's name or
 * "certification". Undefined when unknown or ambiguous.
 */
export function findCatalogueEntry(name: string): CatalogueEntry | undefined {
  const exact = EXACT_INDEX.get(exactKey(name));
  if (exact !== undefined) return exact ?? undefined;
  return LOOSE_INDEX.get(looseKey(name)) ?? undefined;
}

export interface CatalogueRecommendation {
  entry: CatalogueEntry;
  /** One line saying why this one. */
  reason: string;
}

/** A lower-level entry in a field the user already holds a higher certification in would be a step back. */
function isStepBack(candidate: CatalogueEntry, held: readonly CatalogueEntry[]): boolean {
  const field = candidate.domains[0];
  return held.some(
    (h) => field !== undefined && h.domains.includes(field) && candidate.level < h.level,
  );
}

/**
 * Certifications to pursue next, deterministic for the same input: next steps
 * of what the user holds (taking turns between their certifications, so one
 * does not crowd out the others), then entries sharing a field with them (most
 * shared fields first), then well-known starting points. Never one the user
 * holds, nor a lower-level one in a field where they hold a higher one.
 */
export function recommendFromCatalogue(
  heldNames: readonly string[],
  limit = 3,
): CatalogueRecommendation[] {
  const max = Math.max(0, Math.floor(limit));
  const held: CatalogueEntry[] = [];
  for (const name of heldNames) {
    const found = findCatalogueEntry(name);
    if (found && !held.includes(found)) held.push(found);
  }

  const picked: CatalogueRecommendation[] = [];
  // A curated next step is never a step back from the entry that names it (CISM -> CRISC).
  const offer = (e: CatalogueEntry | undefined, reason: string, from?: CatalogueEntry): void => {
    if (!e || !e.recommendable || picked.length >= max || held.includes(e)) return;
    if (picked.some((p) => p.entry === e)) return;
    if (isStepBack(e, from ? held.filter((h) => h !== from) : held)) return;
    picked.push({ entry: e, reason });
  };

  const rounds = Math.max(0, ...held.map((h) => h.nextSteps.length));
  for (let i = 0; i < rounds; i++) {
    for (const h of held) {
      const id = h.nextSteps[i];
      if (id !== undefined) offer(BY_ID.get(id), `A natural next step after your ${h.name}.`, h);
    }
  }

  const heldDomains = new Set(held.flatMap((h) => h.domains));
  const related = CATALOGUE.map((e, order) => ({
    e,
    order,
    shared: e.domains.filter((d) => heldDomains.has(d)),
  }))
    .filter((c) => c.shared.length > 0)
    .sort((a, b) => b.shared.length - a.shared.length || a.order - b.order);
  for (const { e, shared } of related) {
    const field = shared[0];
    const like = held.find((h) => field !== undefined && h.domains.includes(field));
    if (field && like) offer(e, `Also in ${field}, like your ${like.name}.`);
  }

  for (const id of POPULAR) {
    const e = BY_ID.get(id);
    const field = e?.domains[0] ?? 'its field';
    offer(
      e,
      held.length === 0
        ? `A widely recognised starting point in ${field}.`
        : `Widely recognised in ${field}; it broadens your profile.`,
    );
  }
  return picked;
}
