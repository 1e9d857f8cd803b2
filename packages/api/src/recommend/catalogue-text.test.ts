import { catalogueEntryById } from '@cpe/shared';
import { catalogueRecommendationText, renewalRule } from './catalogue-text';

describe('catalogueRecommendationText', () => {
  it('answers an intro line and one line per recommendation with its renewal rule', () => {
    const text = catalogueRecommendationText(['CISA']);

    expect(text.split('\n')).toEqual([
      'Suggested next certifications, based on the ones you hold:',
      '1. CISM (Certified Information Security Manager, ISACA): 120 CPEs every 3 years, at least 20 a year. A natural next step after your CISA.',
      '2. CRISC (Certified in Risk and Information Systems Control, ISACA): 120 CPEs every 3 years, at least 20 a year. A natural next step after your CISA.',
      '3. CGEIT (Certified in the Governance of Enterprise IT, ISACA): 120 CPEs every 3 years, at least 20 a year. A natural next step after your CISA.',
    ]);
  });

  it('offers starting points to someone whose certifications it does not know', () => {
    const lines = catalogueRecommendationText(['Underwater Basket Weaving']).split('\n');

    expect(lines[0]).toBe('Well-recognised certifications to consider:');
    expect(lines[1]).toBe(
      '1. Security+ (CompTIA Security+, CompTIA): 50 CEUs every 3 years. A widely recognised starting point in security.',
    );
    expect(lines).toHaveLength(4);
  });

  it('flags figures the sources disagree on', () => {
    const text = catalogueRecommendationText(['CySA+']);

    expect(text).toContain(
      '2. GCIH (GIAC Certified Incident Handler, GIAC): 36 CPEs every 4 years (figures to confirm with GIAC).',
    );
  });

  it('says when there is nothing to suggest', () => {
    expect(catalogueRecommendationText(['CISA'], 0)).toBe(
      'The built-in catalogue has no further certifications to suggest.',
    );
  });
});

describe('renewalRule', () => {
  it.each([
    ['pmi-pmp', '60 PDUs every 3 years'],
    ['isc2-cissp', '120 CPEs every 3 years, at least 40 a year'],
    ['eccouncil-ceh', '120 ECEs every 3 years, at least 20 a year'],
    ['cpa-us-al', '40 CPEs every year'],
  ])('describes %s as %j', (id, rule) => {
    const entry = catalogueEntryById(id);
    if (!entry) throw new Error(`no ${id}`);

    expect(renewalRule(entry)).toBe(rule);
  });
});
