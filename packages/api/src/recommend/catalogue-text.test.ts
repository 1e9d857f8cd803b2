import { catalogueEntries, catalogueEntryById } from '@cpe/shared';
import {
  MAX_NAMED_ENTRIES,
  catalogueRecommendation,
  catalogueRecommendationText,
  entriesNamedIn,
  promptEntries,
  renewalRule,
} from './catalogue-text';

describe('catalogueRecommendationText', () => {
  it('answers an intro line and one line per recommendation with its renewal rule', () => {
    const text = catalogueRecommendationText(['CISA']);

    expect(text.split('\n')).toEqual([
      'Suggested next certifications, based on the ones you hold:',
      '1. CISM (Certified Information Security Manager, ISACA): 120 CPEs every 3 years, at least 20 a year (figures to confirm with ISACA). A natural next step after your CISA.',
      '2. CRISC (Certified in Risk and Information Systems Control, ISACA): 120 CPEs every 3 years, at least 20 a year (figures to confirm with ISACA). A natural next step after your CISA.',
      '3. CGEIT (Certified in the Governance of Enterprise IT, ISACA): 120 CPEs every 3 years, at least 20 a year (figures to confirm with ISACA). A natural next step after your CISA.',
    ]);
  });

  it('offers starting points to someone whose certifications it does not know', () => {
    const lines = catalogueRecommendationText(['Underwater Basket Weaving']).split('\n');

    expect(lines[0]).toBe('Well-recognised certifications to consider:');
    expect(lines[1]).toBe(
      '1. Security+ (CompTIA Security+, CompTIA): 50 CEUs every 3 years (figures to confirm with CompTIA). A widely recognised starting point in security.',
    );
    expect(lines).toHaveLength(4);
  });

  it('recommends from the whole catalogue, with each kind of renewal', () => {
    const text = catalogueRecommendationText(['AZ-900', 'RHCSA'], 4);

    expect(text.split('\n')).toEqual([
      'Suggested next certifications, based on the ones you hold:',
      '1. AZ-104 (Microsoft Certified: Azure Administrator Associate, Microsoft): a free renewal assessment every year. A natural next step after your AZ-900.',
      '2. RHCE (Red Hat Certified Engineer, Red Hat): re-examination every 3 years. A natural next step after your RHCSA.',
      '3. AZ-204 (Microsoft Certified: Azure Developer Associate, Microsoft): a free renewal assessment every year. A natural next step after your AZ-900.',
      '4. CKA (Certified Kubernetes Administrator, Linux Foundation): re-examination every 2 years. A natural next step after your RHCSA.',
    ]);
  });

  it('flags figures the sources disagree on', () => {
    const text = catalogueRecommendationText(['PenTest+']);

    expect(text).toContain(
      '2. CEH (Certified Ethical Hacker, EC-Council): 120 ECEs every 3 years (figures to confirm with EC-Council).',
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
    ['isaca-cisa', '120 CPEs every 3 years, at least 20 a year'],
    ['isc2-cissp', '120 CPEs every 3 years'],
    ['eccouncil-ceh', '120 ECEs every 3 years'],
    ['giac-gsec', '36 CPEs every 4 years'],
    ['cisco-ccna', '30 CE credits every 3 years'],
    ['shrm-cp', '60 PDCs every 3 years'],
    ['scrum-csm', '20 SEUs every 2 years'],
    ['cpa-canada', '20 CPD hours every year, 120 in any 3 years'],
    ['cpa-us-al', '40 CPEs every year'],
    ['aws-saa', 're-examination every 3 years'],
    ['gcp-pca', 're-examination every 2 years'],
    ['ms-az-104', 'a free renewal assessment every year'],
    ['ms-az-900', 'no renewal needed'],
    ['comptia-project-plus', 'no renewal needed'],
  ])('describes %s as %j', (id, rule) => {
    const entry = catalogueEntryById(id);
    if (!entry) throw new Error(`no ${id}`);

    expect(renewalRule(entry)).toBe(rule);
  });

  it('describes every entry of the catalogue in words, without gaps', () => {
    for (const entry of catalogueEntries()) {
      expect(renewalRule(entry)).toMatch(
        /^(\d+(\.\d+)? (CPEs|CEUs|PDUs|ECEs|CE credits|SEUs|PDCs|CPD hours) every (year|\d+ years|\d+ months)(, at least \d+(\.\d+)? a year)?(, \d+ in any (year|\d+ years|\d+ months))?|re-examination every (year|\d+ years|\d+ months)|a (free )?renewal assessment every (year|\d+ years)|no renewal needed)$/,
      );
    }
  });
});

describe('catalogueRecommendation', () => {
  it('answers the text and the ids of its picks, in the same order', () => {
    const answer = catalogueRecommendation(['CISA']);

    expect(answer.text).toBe(catalogueRecommendationText(['CISA']));
    expect(answer.entries).toEqual(['isaca-cism', 'isaca-crisc', 'isaca-cgeit']);
  });

  it('answers no ids when there is nothing to suggest', () => {
    expect(catalogueRecommendation(['CISA'], 0).entries).toEqual([]);
  });
});

describe('promptEntries', () => {
  it('offers the next steps of what the user holds first, with their renewal rule in words', () => {
    const { entries, prompt } = promptEntries(['PMP']);

    expect(entries.length).toBeLessThanOrEqual(6);
    expect(entries[0]?.id).toBe(catalogueEntryById('pmi-pmp')?.nextSteps[0]);
    expect(entries.map((e) => e.id)).not.toContain('pmi-pmp');
    expect(prompt[0]).toEqual({
      name: entries[0]?.name,
      fullName: entries[0]?.fullName,
      body: 'PMI',
      renewal: renewalRule(entries[0] as NonNullable<(typeof entries)[0]>),
      ...(entries[0]?.uncertain ? { uncertain: true } : {}),
    });
  });

  it('marks entries whose figures are to be confirmed', () => {
    const { prompt } = promptEntries(['PenTest+']);

    expect(prompt.find((e) => e.name === 'CEH')).toMatchObject({ uncertain: true });
    expect(
      prompt.filter((e) => e.name !== 'CEH').every((e) => !('uncertain' in e) || e.uncertain),
    ).toBe(true);
  });
});

describe('entriesNamedIn', () => {
  it('finds entries by abbreviation or full name, in the order the text names them', () => {
    const text =
      'Next, the Certified Information Security Manager (CISM). After that, CCSP for cloud, then CRISC.';

    expect(entriesNamedIn(text, [])).toEqual(['isaca-cism', 'isc2-ccsp', 'isaca-crisc']);
  });

  it('leaves out what the user holds', () => {
    expect(entriesNamedIn('Building on your CISA, take CISM.', ['CISA'])).toEqual(['isaca-cism']);
  });

  it('knows a held certification by its catalogue link when its name is a badge’s long one', () => {
    const badge = {
      name: 'CISSP - Certified Information Systems Security Professional',
      catalogue_id: 'isc2-cissp',
    };
    expect(entriesNamedIn('With your CISSP, take CCSP.', [badge])).toEqual(['isc2-ccsp']);
    const picks = catalogueRecommendation(['CompTIA Security+', badge], 6).entries;
    expect(picks).not.toContain('isc2-cissp');
    expect(picks.length).toBeGreaterThan(0);
  });

  it('offers no licence to practise in one place, however the answer names it', () => {
    expect(entriesNamedIn('Consider CPA Canada or a CPA (Texas), or CISM.', [])).toEqual([
      'isaca-cism',
    ]);
  });

  it('does not find a name inside a longer one', () => {
    expect(entriesNamedIn('Consider CISSP-ISSAP or Security+X.', [])).toEqual([]);
    expect(entriesNamedIn('Consider ISSAP (CISSP concentration).', [])).toEqual([
      'isc2-issap',
      'isc2-cissp',
    ]);
  });

  it('reads a short all-capital name only for entries the prompt offered', () => {
    const text = 'Protect the CIA triad; CEH builds on it.';

    expect(entriesNamedIn(text, [])).toEqual([]);
    const cia = catalogueEntryById('iia-cia');
    if (!cia) throw new Error('no iia-cia');
    expect(entriesNamedIn(text, [], [cia])).toEqual(['iia-cia']);
  });

  it('answers at most a handful', () => {
    const text = 'CISSP, CCSP, CSSLP, SSCP, CGRC, HCISPP, CISM, CRISC';

    expect(entriesNamedIn(text, [])).toHaveLength(MAX_NAMED_ENTRIES);
  });
});
