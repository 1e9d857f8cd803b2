import { type CatalogueEntry, findCatalogueEntry, recommendFromCatalogue } from '.';

function ids(recommendations: { entry: CatalogueEntry }[]): string[] {
  return recommendations.map((r) => r.entry.id);
}

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
    expect(ids(recommendFromCatalogue(['AWS SAA']))).toEqual(['aws-sap', 'aws-scs', 'aws-dop']);
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
    const result = recommendFromCatalogue(['Texas CPA'], 8);

    expect(ids(result).slice(0, 2)).toEqual(['isaca-cisa', 'isaca-crisc']);
    expect(result.every((r) => r.entry.recommendable)).toBe(true);
    expect(ids(result).some((id) => id.startsWith('cpa-') || id === 'ca-anz')).toBe(false);
  });

  it('draws on every field of the larger catalogue', () => {
    expect(ids(recommendFromCatalogue(['CIPP/E'], 2))).toEqual(['iapp-cipm', 'iapp-cipt']);
    expect(ids(recommendFromCatalogue(['CSM'], 1))).toEqual(['scrum-a-csm']);
    expect(ids(recommendFromCatalogue(['PHR'], 2))).toEqual(['hrci-sphr', 'shrm-scp']);
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
