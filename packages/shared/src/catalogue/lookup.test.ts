import { catalogueEntries, catalogueEntryById, findCatalogueEntry } from '.';

describe('catalogueEntryById', () => {
  it('answers the entry with that id, and undefined for unknown ids', () => {
    expect(catalogueEntryById('isc2-cissp')?.name).toBe('CISSP');
    expect(catalogueEntryById('ms-az-104')?.fullName).toBe(
      'Microsoft Certified: Azure Administrator Associate',
    );
    expect(catalogueEntryById('nope')).toBeUndefined();
    expect(catalogueEntryById('')).toBeUndefined();
  });
});

describe('findCatalogueEntry', () => {
  it('finds every entry by its own name, full name, id and aliases (no two entries share one)', () => {
    const misses = catalogueEntries().flatMap((e) =>
      [e.name, e.fullName, e.id, ...e.aliases]
        .filter((spelling) => findCatalogueEntry(spelling)?.id !== e.id)
        .map((spelling) => `${e.id}: ${spelling} -> ${findCatalogueEntry(spelling)?.id}`),
    );

    expect(misses).toEqual([]);
  });

  it.each([
    ['cissp', 'isc2-cissp'],
    ['  CISSP  ', 'isc2-cissp'],
    ['(ISC)² CISSP', 'isc2-cissp'],
    ['CISSP certification', 'isc2-cissp'],
    ['certified information systems security professional', 'isc2-cissp'],
    ['Security +', 'comptia-security-plus'],
    ['CompTIA Security+ ce', 'comptia-security-plus'],
    ['security plus', 'comptia-security-plus'],
    ['PMI ACP', 'pmi-acp'],
    ['EC-Council C|EH', 'eccouncil-ceh'],
    ['ISACA - CISA', 'isaca-cisa'],
    ['CAP', 'isc2-cgrc'],
    ['CASP+', 'comptia-securityx'],
    ['az 104', 'ms-az-104'],
    ['AWS Certified Solutions Architect – Associate', 'aws-saa'],
    ['Cisco CCNA certification', 'cisco-ccna'],
    ['cipp/e', 'iapp-cipp-e'],
    ['Comptable professionnel agree', 'cpa-canada'],
    ['TX CPA', 'cpa-us-tx'],
    ['CPA (New York)', 'cpa-us-ny'],
  ])('finds %j as %s', (name, id) => {
    expect(findCatalogueEntry(name)?.id).toBe(id);
  });

  it('tells A+ from A and Network+ from Network', () => {
    expect(findCatalogueEntry('A+')?.id).toBe('comptia-a-plus');
    expect(findCatalogueEntry('A')).toBeUndefined();
    expect(findCatalogueEntry('Network')).toBeUndefined();
  });

  it('answers undefined for unknown, empty and ambiguous names', () => {
    expect(findCatalogueEntry('Underwater Basket Weaving')).toBeUndefined();
    expect(findCatalogueEntry('')).toBeUndefined();
    expect(findCatalogueEntry('+++')).toBeUndefined();
    // A US CPA renews with a state board: without the state it could be any of them.
    expect(findCatalogueEntry('CPA')).toBeUndefined();
    // "ITIL" and "CCT" each name certifications of more than one kind or body.
    expect(findCatalogueEntry('ITIL')).toBeUndefined();
    expect(findCatalogueEntry('CCT')).toBeUndefined();
  });
});

/** Figures of the core bodies as their sources state them (docs/catalogue/core.md lists where each was read). */
describe('the rules the sources state', () => {
  it.each([
    [
      'CISSP',
      {
        kind: 'credits',
        unit: 'CPE',
        total: 120,
        cycleMonths: 36,
        cycleStart: 'month-after',
        annualMinimum: null,
        afterExpiry: [
          expect.objectContaining({ kind: 'grace', days: 90, creditsCount: true }),
          expect.objectContaining({ kind: 'suspension', days: 730, creditsCount: false }),
        ],
        rollover: { max: 40, earnedInLastMonths: 6, category: 'group-a' },
        fees: [
          expect.objectContaining({
            kind: 'annual',
            amount: 135,
            currency: 'USD',
            due: 'certification-anniversary',
          }),
        ],
      },
    ],
    ['CCSP', { total: 90, rollover: { max: 30, earnedInLastMonths: 6, category: 'group-a' } }],
    ['SSCP', { total: 60, rollover: { max: 20, earnedInLastMonths: 6, category: 'group-a' } }],
    ['CC', { total: 45, cycleMonths: 36, fees: [expect.objectContaining({ amount: 50 })] }],
    [
      'CISA',
      {
        total: 120,
        cycleMonths: 36,
        cycleStart: 'year-after',
        annualMinimum: 20,
        annualYear: 'calendar',
        fees: [
          expect.objectContaining({
            kind: 'annual',
            amount: 85,
            memberAmount: 45,
            due: 'fixed-date',
            dueDate: '12-31',
          }),
        ],
      },
    ],
    ['CDPSE', { total: 120, annualMinimum: 20, cycleStart: 'year-after' }],
    [
      'A+',
      {
        unit: 'CEU',
        total: 20,
        annualMinimum: null,
        fees: [expect.objectContaining({ amount: 25, due: 'cycle-anniversary' })],
      },
    ],
    ['Network+', { total: 30, fees: [expect.objectContaining({ amount: 50 })] }],
    ['Security+', { total: 50, cycleMonths: 36, fees: [expect.objectContaining({ amount: 50 })] }],
    ['Linux+', { total: 50 }],
    ['CySA+', { total: 60 }],
    ['CASP+', { total: 75 }],
    ['Project+', { kind: 'none', cycleMonths: null }],
    [
      'PMP',
      {
        unit: 'PDU',
        total: 60,
        cycleMonths: 36,
        increment: 0.25,
        rollover: { max: 20, earnedInLastMonths: 12 },
        afterExpiry: [
          expect.objectContaining({ kind: 'suspension', days: 365, creditsCount: true }),
        ],
        fees: [
          expect.objectContaining({
            kind: 'renewal',
            amount: 150,
            memberAmount: 60,
            due: 'cycle-end',
          }),
        ],
        since: '2022-04-01',
        activityCaps: [
          expect.objectContaining({ kind: 'work-as-practitioner', max: 8, parent: 'giving-back' }),
        ],
      },
    ],
    ['PMI-ACP', { total: 30, rollover: { max: 10, earnedInLastMonths: 12 } }],
    ['CAPM', { total: 15 }],
    ['PMI-CPMAI', { unit: 'PDU', total: 30, cycleMonths: 36 }],
    ['PMI-PMOCP', { unit: 'PDU', total: 30, cycleMonths: 36 }],
    [
      'GSEC',
      {
        unit: 'CPE',
        total: 36,
        cycleMonths: 48,
        fees: [expect.objectContaining({ kind: 'renewal', amount: 499 })],
      },
    ],
    ['GDAT', { unit: 'CPE', total: 36, cycleMonths: 48 }],
    [
      'CEH',
      {
        unit: 'ECE',
        total: 120,
        cycleMonths: 36,
        afterExpiry: [
          expect.objectContaining({ kind: 'suspension', days: 365, creditsCount: true }),
        ],
        fees: [expect.objectContaining({ amount: 80, due: 'month-after-anniversary' })],
      },
    ],
    ['EC-Council CAST', { unit: 'ECE', total: 120, cycleMonths: 36 }],
    ['CCNA', { unit: 'CE', total: 30, cycleMonths: 36 }],
    ['Cisco CCT', { kind: 'exam', cycleMonths: 36, unit: null }],
    ['CCST Networking', { kind: 'exam', cycleMonths: 60, since: '2025-07-15' }],
    ['CCST Cybersecurity', { kind: 'exam', cycleMonths: 60 }],
    ['CCST IT Support', { kind: 'exam', cycleMonths: 60 }],
    ['CCNP Security', { total: 80 }],
    ['CCIE Security', { total: 120 }],
    ['CCIE Enterprise Wireless', { total: 120 }],
    ['CCIE Data Center', { total: 120 }],
    ['CCIE Service Provider', { total: 120 }],
    ['CCIE Collaboration', { total: 120 }],
    ['CCIE Automation', { total: 120 }],
    ['AWS SAA', { kind: 'exam', cycleMonths: 36, total: null, unit: null }],
    ['AZ-104', { kind: 'assessment', cycleMonths: 12 }],
    ['AZ-900', { kind: 'none', cycleMonths: null }],
    [
      'PCA',
      { kind: 'exam', cycleMonths: 24, afterExpiry: [expect.objectContaining({ days: 30 })] },
    ],
    ['ACE', { kind: 'exam', cycleMonths: 36 }],
    [
      'CKA',
      {
        kind: 'exam',
        cycleMonths: 24,
        since: '2024-04-01',
        earlier: [expect.objectContaining({ before: '2024-04-01', rule: { cycleMonths: 36 } })],
      },
    ],
    ['RHCSA', { kind: 'exam', cycleMonths: 36 }],
    [
      'CIPP/US',
      {
        unit: 'CPE',
        total: 20,
        cycleMonths: 24,
        rollover: { max: 10, earnedInLastMonths: 6 },
        fees: [expect.objectContaining({ kind: 'renewal', amount: 250 })],
      },
    ],
    [
      'CSM',
      { unit: 'SEU', total: 20, cycleMonths: 24, fees: [expect.objectContaining({ amount: 100 })] },
    ],
    ['A-CSM', { total: 30, fees: [expect.objectContaining({ amount: 175 })] }],
    ['CSP-SM', { total: 40, fees: [expect.objectContaining({ amount: 250 })] }],
    ['ITIL 4 Foundation', { unit: 'CPD hours', total: 60, annualMinimum: 20, annualYear: 'cycle' }],
    [
      'CIA',
      {
        total: 40,
        cycleMonths: 12,
        cycleStart: 'year-end',
        annualYear: 'calendar',
        newlyCertifiedYears: 2,
        rollover: { max: 20, earnedInLastMonths: 12 },
        afterExpiry: [expect.objectContaining({ kind: 'suspension', days: 730 })],
        since: '2023-09-01',
      },
    ],
    ['CRMA', { total: 20, cycleMonths: 12, rollover: { max: 10, earnedInLastMonths: 12 } }],
    [
      'CFE',
      {
        total: 20,
        cycleMonths: 12,
        cycleStart: 'month-end',
        firstCycle: 'exempt',
        rollover: { max: 10, earnedInLastMonths: 12 },
      },
    ],
    [
      'CFP',
      {
        unit: 'CE',
        total: 30,
        cycleMonths: 24,
        cycleStart: 'month-end',
        fees: [expect.objectContaining({ kind: 'annual', amount: 455 })],
      },
    ],
    [
      'SHRM-CP',
      {
        unit: 'PDC',
        total: 60,
        cycleMonths: 36,
        cycleStart: 'month-end',
        rollover: { max: 20, earnedInLastMonths: 36 },
        afterExpiry: [expect.objectContaining({ kind: 'grace', days: 60, creditsCount: true })],
        fees: [
          expect.objectContaining({
            kind: 'renewal',
            amount: 210,
            memberAmount: 165,
            late: { amount: 285, memberAmount: 240, afterDays: 1 },
          }),
        ],
      },
    ],
    ['aPHR', { total: 45 }],
    [
      'SPHR',
      {
        total: 60,
        afterExpiry: [
          expect.objectContaining({ kind: 'suspension', days: 365, creditsCount: true }),
        ],
        fees: [expect.objectContaining({ amount: 150, late: { amount: 250, afterDays: 1 } })],
      },
    ],
    [
      'CPA Canada',
      {
        unit: 'CPD hours',
        total: 20,
        cycleMonths: 12,
        cycleStart: 'year-end',
        annualYear: 'calendar',
        rolling: { months: 36, total: 120 },
      },
    ],
    [
      'CA ANZ',
      {
        unit: 'CPD hours',
        total: 120,
        annualMinimum: 20,
        cycleStart: 'year-after',
        annualYear: 'fiscal',
        yearStartMonth: 7,
      },
    ],
  ])('%s', (name, expected) => {
    expect(findCatalogueEntry(name)?.renewal).toMatchObject(expected);
  });

  it('carries the category rules: PMI Talent Triangle, ISC2 groups, ethics hours', () => {
    const categories = (name: string) =>
      Object.fromEntries(
        (findCatalogueEntry(name)?.renewal.categories ?? []).map((c) => [c.id, [c.min, c.max]]),
      );
    const parents = (name: string) =>
      Object.fromEntries(
        (findCatalogueEntry(name)?.renewal.categories ?? []).map((c) => [c.id, c.parent]),
      );

    expect(categories('PMP')).toEqual({
      education: [35, undefined],
      'ways-of-working': [8, undefined],
      'power-skills': [8, undefined],
      'business-acumen': [8, undefined],
      'giving-back': [undefined, 25],
    });
    expect(parents('PMP')).toEqual({
      education: undefined,
      'ways-of-working': 'education',
      'power-skills': 'education',
      'business-acumen': 'education',
      'giving-back': undefined,
    });
    expect(categories('CISSP')).toEqual({ 'group-a': [90, undefined], 'group-b': [undefined, 30] });
    expect(categories('CFE')).toEqual({ fraud: [10, undefined], ethics: [2, undefined] });
    expect(categories('CIA')).toEqual({ ethics: [2, undefined] });
    expect(categories('SPHR')).toMatchObject({ business: [15, undefined], ethics: [1, undefined] });
    expect(categories('SHRM-SCP')).toEqual({
      'advance-your-organization': [undefined, 20],
      'advance-your-profession': [undefined, 30],
    });
    expect(categories('ITIL 4 Foundation')).toEqual({
      'professional-experience': [5, undefined],
      'professional-education': [undefined, 15],
    });
  });

  it("keeps PMI's pre-2022 Talent Triangle for the cycles that began under it, old names counting as new", () => {
    const pmp = findCatalogueEntry('PMP')?.renewal;
    const earlier = pmp?.earlier?.[0];

    expect(earlier?.before).toBe('2022-04-01');
    expect(earlier?.rule.categories?.map((c) => c.id)).toEqual([
      'education',
      'technical-project-management',
      'leadership',
      'strategic-business-management',
      'giving-back',
    ]);
    expect(pmp?.categories.find((c) => c.id === 'power-skills')?.aliases).toContain('leadership');
  });

  it('flags second-hand figures and says which', () => {
    const ceh = findCatalogueEntry('CEH');
    const gsec = findCatalogueEntry('GSEC');

    expect(ceh?.uncertain).toBe(true);
    expect(ceh?.uncertainNote).toMatch(/^Annual minimum/);
    expect(gsec?.uncertain).toBe(true);
    expect(gsec?.uncertainNote).toMatch(/^Renewal fee/);
    expect(findCatalogueEntry('CISSP')?.uncertainNote).toMatch(/^Cycle dates/);
    expect(findCatalogueEntry('PMP')?.uncertainNote).toMatch(/^Renewal fee/);
    expect(findCatalogueEntry('SHRM-CP')?.uncertain).toBe(false);
    expect(findCatalogueEntry('CCNA')?.uncertain).toBe(false);
    expect(findCatalogueEntry('CCNA')?.uncertainNote).toBeNull();
  });
});
