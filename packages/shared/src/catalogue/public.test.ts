import { addMonthsIso } from '../dates';
import { catalogueEntries, catalogueEntryById, creditUnitLabel, publicCatalogueEntry } from '.';

describe('publicCatalogueEntry', () => {
  it('answers every field a user needs, and leaves the recommender flag out', () => {
    const pmp = catalogueEntryById('pmi-pmp');
    if (!pmp) throw new Error('no PMP');

    const answer = publicCatalogueEntry(pmp);

    expect(answer).toEqual({
      id: 'pmi-pmp',
      body: 'PMI',
      name: 'PMP',
      fullName: 'Project Management Professional',
      aliases: ['PMI PMP'],
      domains: ['project management'],
      level: 3,
      nextSteps: ['pmi-pgmp', 'pmi-acp', 'pmi-rmp'],
      renewal: pmp.renewal,
      notes: pmp.notes,
      source: 'https://www.pmi.org/certifications/certification-resources/maintain',
      checked: pmp.checked,
      uncertain: pmp.uncertain,
      uncertainNote: pmp.uncertainNote,
    });
    expect(answer.renewal).toMatchObject({ unit: 'PDU', total: 60, cycleMonths: 36 });
    expect(answer).not.toHaveProperty('recommendable');
  });

  it('survives JSON unchanged, as the API sends it', () => {
    for (const entry of catalogueEntries()) {
      const answer = publicCatalogueEntry(entry);

      expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
    }
  });
});

describe('creditUnitLabel', () => {
  it.each([
    ['PDU', 60, 'PDUs'],
    ['PDU', 1, 'PDU'],
    ['CPE', 120, 'CPEs'],
    ['CE', 30, 'CE credits'],
    ['CE', 1, 'CE credit'],
    ['CPD hours', 120, 'CPD hours'],
    ['CPD hours', 1, 'CPD hour'],
  ] as const)('labels %s for %d as %s', (unit, count, label) => {
    expect(creditUnitLabel(unit, count)).toBe(label);
  });

  it('reads as a plural header without a count ("PDUs Earned")', () => {
    expect(creditUnitLabel('PDU')).toBe('PDUs');
  });
});

describe('addMonthsIso', () => {
  it('goes backwards too, clamping the same way', () => {
    expect(addMonthsIso('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonthsIso('2024-01-15', -12)).toBe('2023-01-15');
    expect(addMonthsIso('2024-01-15', 0)).toBe('2024-01-15');
  });
});
