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

/** Figures as the sources state them (docs/certification-rules.md lists where each was read). */
describe('the rules the sources state', () => {
  it.each([
    [
      'CISSP',
      {
        kind: 'credits',
        unit: 'CPE',
        total: 120,
        cycleMonths: 36,
        annualMinimum: null,
        afterExpiry: [expect.objectContaining({ kind: 'grace', days: 90, creditsCount: true })],
        rollover: { max: 40, earnedInLastMonths: 6 },
      },
    ],
    ['CCSP', { total: 90, rollover: { max: 30, earnedInLastMonths: 6 } }],
    ['SSCP', { total: 60, rollover: { max: 20, earnedInLastMonths: 6 } }],
    ['CC', { total: 45, cycleMonths: 36 }],
    ['CISA', { total: 120, cycleMonths: 36, annualMinimum: 20, annualYear: 'calendar' }],
    ['CDPSE', { total: 120, annualMinimum: 20 }],
    ['A+', { unit: 'CEU', total: 20, annualMinimum: null }],
    ['Network+', { total: 30 }],
    ['Security+', { total: 50, cycleMonths: 36 }],
    ['Linux+', { total: 50 }],
    ['CySA+', { total: 60 }],
    ['CASP+', { total: 75 }],
    ['Project+', { kind: 'none', cycleMonths: null }],
    ['PMP', { unit: 'PDU', total: 60, cycleMonths: 36 }],
    ['PMI-ACP', { total: 30 }],
    ['CAPM', { total: 15 }],
    ['GSEC', { unit: 'CPE', total: 36, cycleMonths: 48 }],
    ['CEH', { unit: 'ECE', total: 120, cycleMonths: 36 }],
    ['CCNA', { unit: 'CE', total: 30, cycleMonths: 36 }],
    ['CCNP Security', { total: 80 }],
    ['CCIE Security', { total: 120 }],
    ['AWS SAA', { kind: 'exam', cycleMonths: 36, total: null, unit: null }],
    ['AZ-104', { kind: 'assessment', cycleMonths: 12 }],
    ['AZ-900', { kind: 'none', cycleMonths: null }],
    [
      'PCA',
      { kind: 'exam', cycleMonths: 24, afterExpiry: [expect.objectContaining({ days: 30 })] },
    ],
    ['ACE', { kind: 'exam', cycleMonths: 36 }],
    ['CKA', { kind: 'exam', cycleMonths: 24 }],
    ['RHCSA', { kind: 'exam', cycleMonths: 36 }],
    [
      'CIPP/US',
      { unit: 'CPE', total: 20, cycleMonths: 24, rollover: { max: 10, earnedInLastMonths: 6 } },
    ],
    ['CSM', { unit: 'SEU', total: 20, cycleMonths: 24 }],
    ['A-CSM', { total: 30 }],
    ['CSP-SM', { total: 40 }],
    ['ITIL 4 Foundation', { unit: 'CPD hours', total: 60, annualMinimum: 20 }],
    ['CIA', { total: 40, cycleMonths: 12, annualYear: 'calendar' }],
    ['CFE', { total: 20, cycleMonths: 12, rollover: { max: 10, earnedInLastMonths: 12 } }],
    ['CFP', { unit: 'CE', total: 30, cycleMonths: 24 }],
    ['SHRM-CP', { unit: 'PDC', total: 60, cycleMonths: 36 }],
    ['aPHR', { total: 45 }],
    ['SPHR', { total: 60 }],
    ['Texas CPA', { total: 120, cycleMonths: 36, annualMinimum: 20 }],
    ['California CPA', { total: 80, cycleMonths: 24, annualMinimum: 20 }],
    ['New York CPA', { total: 120, annualMinimum: 40, annualYear: 'calendar' }],
    ['North Carolina CPA', { total: 40, cycleMonths: 12 }],
    ['Alabama CPA', { total: 40, cycleMonths: 12 }],
    ['CPA Canada', { unit: 'CPD hours', total: 120, annualMinimum: 20, annualYear: 'calendar' }],
    ['CA ANZ', { unit: 'CPD hours', total: 120, annualMinimum: 20 }],
  ])('%s', (name, expected) => {
    expect(findCatalogueEntry(name)?.renewal).toMatchObject(expected);
  });

  it('carries the category rules: PMI Talent Triangle, ISC2 groups, ethics hours', () => {
    const categories = (name: string) =>
      Object.fromEntries(
        (findCatalogueEntry(name)?.renewal.categories ?? []).map((c) => [c.id, [c.min, c.max]]),
      );

    expect(categories('PMP')).toEqual({
      education: [35, undefined],
      'ways-of-working': [8, undefined],
      'power-skills': [8, undefined],
      'business-acumen': [8, undefined],
      'giving-back': [undefined, 25],
    });
    expect(categories('CISSP')).toEqual({ 'group-a': [90, undefined], 'group-b': [undefined, 30] });
    expect(categories('CFE')).toEqual({ fraud: [10, undefined], ethics: [2, undefined] });
    expect(categories('CIA')).toEqual({ ethics: [2, undefined] });
    expect(categories('SPHR')).toMatchObject({ business: [15, undefined], ethics: [1, undefined] });
    expect(categories('Virginia CPA')).toEqual({ 'virginia-ethics': [2, undefined] });
  });

  it('flags second-hand figures and says which', () => {
    const ceh = findCatalogueEntry('CEH');
    const texas = findCatalogueEntry('Texas CPA');

    expect(ceh?.uncertain).toBe(true);
    expect(ceh?.uncertainNote).toMatch(/^Annual minimum/);
    expect(texas?.uncertain).toBe(true);
    expect(findCatalogueEntry('CISSP')?.uncertain).toBe(false);
    expect(findCatalogueEntry('CISSP')?.uncertainNote).toBeNull();
  });
});
