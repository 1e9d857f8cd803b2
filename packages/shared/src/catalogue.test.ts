import {
  CATALOGUE,
  type CatalogueEntry,
  catalogueEntryById,
  findCatalogueEntry,
  recommendFromCatalogue,
} from './catalogue';

function ids(recommendations: { entry: CatalogueEntry }[]): string[] {
  return recommendations.map((r) => r.entry.id);
}

describe('CATALOGUE', () => {
  it('has unique ids, and every next step names an entry other than itself', () => {
    const seen = new Set<string>();

    for (const e of CATALOGUE) {
      expect(seen.has(e.id)).toBe(false);
      seen.add(e.id);
    }
    for (const e of CATALOGUE) {
      for (const next of e.nextSteps) {
        expect({ from: e.id, next, found: catalogueEntryById(next) !== undefined }).toEqual({
          from: e.id,
          next,
          found: true,
        });
        expect(next).not.toBe(e.id);
      }
    }
  });

  it('has sane figures, a source and a checked month on every entry', () => {
    for (const e of CATALOGUE) {
      expect(e.cycleYears).toBeGreaterThanOrEqual(1);
      expect(e.cpeTotal).toBeGreaterThan(0);
      if (e.annualMinimum !== null) {
        expect(e.annualMinimum).toBeGreaterThan(0);
        expect(e.annualMinimum * e.cycleYears).toBeLessThanOrEqual(e.cpeTotal);
      }
      expect(e.source).not.toBe('');
      expect(e.checked).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
      expect(e.domains.length).toBeGreaterThan(0);
    }
  });

  it('finds every entry by its own name, full name, id and aliases (no two entries share one)', () => {
    for (const e of CATALOGUE) {
      for (const spelling of [e.name, e.fullName, e.id, ...e.aliases]) {
        expect({ spelling, found: findCatalogueEntry(spelling)?.id }).toEqual({
          spelling,
          found: e.id,
        });
      }
    }
  });

  it.each([
    ['CISSP', { cycleYears: 3, cpeTotal: 120, annualMinimum: 40, unit: 'CPE', body: 'ISC2' }],
    ['CCSP', { cycleYears: 3, cpeTotal: 90, annualMinimum: 30, unit: 'CPE' }],
    ['SSCP', { cpeTotal: 60, annualMinimum: 20, uncertain: true }],
    ['CC', { cpeTotal: 45, annualMinimum: 15, uncertain: true }],
    ['CISA', { cycleYears: 3, cpeTotal: 120, annualMinimum: 20, body: 'ISACA' }],
    ['CDPSE', { cpeTotal: 120, annualMinimum: 20 }],
    ['A+', { cpeTotal: 20, annualMinimum: null, unit: 'CEU' }],
    ['Network+', { cpeTotal: 30, unit: 'CEU' }],
    ['Security+', { cycleYears: 3, cpeTotal: 50, annualMinimum: null, unit: 'CEU' }],
    ['Linux+', { cpeTotal: 50, uncertain: true }],
    ['CySA+', { cpeTotal: 60 }],
    ['CASP+', { cpeTotal: 75, name: 'SecurityX' }],
    ['PMP', { cycleYears: 3, cpeTotal: 60, unit: 'PDU', annualMinimum: null }],
    ['PMI-ACP', { cpeTotal: 30, unit: 'PDU' }],
    ['CAPM', { cpeTotal: 15, uncertain: true }],
    ['GSEC', { cycleYears: 4, cpeTotal: 36, body: 'GIAC', uncertain: true }],
    ['CEH', { cycleYears: 3, cpeTotal: 120, annualMinimum: 20, unit: 'ECE', uncertain: true }],
    ['Texas CPA', { cycleYears: 3, cpeTotal: 120, annualMinimum: 20, body: 'AICPA/state boards' }],
    ['Georgia CPA', { cycleYears: 2, cpeTotal: 80, annualMinimum: 20 }],
    ['Alabama CPA', { cycleYears: 1, cpeTotal: 40 }],
    ['CPA Canada', { cycleYears: 3, cpeTotal: 120, annualMinimum: 20, body: 'CPA Canada' }],
    ['CA ANZ', { cycleYears: 3, cpeTotal: 120, annualMinimum: 20, body: 'CA ANZ' }],
  ])('carries the rules of cpe-rules.md for %s', (name, expected) => {
    expect(findCatalogueEntry(name)).toMatchObject(expected);
  });
});

describe('findCatalogueEntry', () => {
  it.each([
    ['cissp', 'isc2-cissp'],
    ['  CISSP  ', 'isc2-cissp'],
    ['(ISC)² CISSP', 'isc2-cissp'],
    ['CISSP certification', 'isc2-cissp'],
    ['certified information systems security professional', 'isc2-cissp'],
    ['Security +', 'comptia-security-plus'],
    ['CompTIA Security+ ce', 'comptia-security-plus'],
    ['security plus', 'comptia-security-plus'],
    ['CompTIA Security+', 'comptia-security-plus'],
    ['PMI ACP', 'pmi-acp'],
    ['EC-Council C|EH', 'eccouncil-ceh'],
    ['ISACA - CISA', 'isaca-cisa'],
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
  });
});

describe('recommendFromCatalogue', () => {
  it('suggests the next steps of what the user holds', () => {
    expect(ids(recommendFromCatalogue(['Security+']))).toEqual([
      'comptia-cysa-plus',
      'isc2-cissp',
      'comptia-pentest-plus',
    ]);
    expect(ids(recommendFromCatalogue(['CISA']))).toEqual([
      'isaca-cism',
      'isaca-crisc',
      'isaca-cgeit',
    ]);
    expect(ids(recommendFromCatalogue(['PMP']))).toEqual(['pmi-pgmp', 'pmi-acp', 'pmi-rmp']);
  });

  it('gives a one-line reason naming the held certification', () => {
    const [first] = recommendFromCatalogue(['cisa']);

    expect(first?.reason).toBe('A natural next step after your CISA.');
    expect(first?.reason).not.toContain('\n');
  });

  it('takes turns between held certifications', () => {
    expect(ids(recommendFromCatalogue(['CISA', 'PMP']))).toEqual([
      'isaca-cism',
      'pmi-pgmp',
      'isaca-crisc',
    ]);
  });

  it('never recommends what the user holds', () => {
    const held = ['Security+', 'CySA+', 'CISSP', 'PenTest+'];

    const result = ids(recommendFromCatalogue(held, 10));

    expect(result).toHaveLength(10);
    for (const name of held) expect(result).not.toContain(findCatalogueEntry(name)?.id);
  });

  it('does not step back to a lower certification in a field where the user holds a higher one', () => {
    const result = ids(recommendFromCatalogue(['CISSP', 'CC'], 10));

    expect(result).not.toContain('comptia-security-plus');
    expect(result).not.toContain('isc2-sscp');
    expect(result).not.toContain('isc2-cc');
  });

  it('falls back to entries of the same field once the next steps run out', () => {
    const result = recommendFromCatalogue(['DataX'], 3);

    expect(result[0]?.entry.id).toBe('isaca-cdpse');
    expect(result[1]?.reason).toMatch(/^Also in (data|privacy), like your (DataX|CDPSE)\.$/);
    expect(result[1]?.entry.domains.some((d) => d === 'data' || d === 'privacy')).toBe(true);
  });

  it('recommends popular starting points when the user holds nothing it knows', () => {
    const none = recommendFromCatalogue([]);
    const unknown = recommendFromCatalogue(['Underwater Basket Weaving', 'CPA']);

    expect(ids(none)).toEqual(['comptia-security-plus', 'pmi-pmp', 'isaca-cisa']);
    expect(ids(unknown)).toEqual(ids(none));
    expect(none[0]?.reason).toBe('A widely recognised starting point in security.');
  });

  it('suggests IT audit, not another jurisdiction, to an accountant', () => {
    const result = recommendFromCatalogue(['Texas CPA'], 5);

    expect(ids(result).slice(0, 2)).toEqual(['isaca-cisa', 'isaca-crisc']);
    expect(result.every((r) => r.entry.recommendable)).toBe(true);
  });

  it('honours the limit and is deterministic', () => {
    const held = ['CISSP', 'PMP', 'Network+'];

    expect(recommendFromCatalogue(held, 0)).toEqual([]);
    expect(recommendFromCatalogue(held, 1)).toHaveLength(1);
    expect(recommendFromCatalogue(held, 7)).toHaveLength(7);
    expect(recommendFromCatalogue(held, 7)).toEqual(recommendFromCatalogue(held, 7));
    expect(new Set(ids(recommendFromCatalogue(held, 20))).size).toBe(20);
  });
});
