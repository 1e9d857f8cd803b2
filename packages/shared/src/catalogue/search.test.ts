import { SEARCH_LIMITS, catalogueEntries, searchCatalogue } from '.';

const names = (query: string, limit?: number) => searchCatalogue(query, limit).map((e) => e.name);

describe('searchCatalogue ranking', () => {
  it('puts the exact abbreviation first, whatever the case', () => {
    expect(names('cissp')[0]).toBe('CISSP');
    expect(names('CISSP')[0]).toBe('CISSP');
    expect(names('Ccsp')[0]).toBe('CCSP');
  });

  it('puts the exact abbreviation before names that merely start with it', () => {
    // "CISSP-ISSAP" is an alias of ISSAP: a prefix match, after the exact name.
    expect(names('cissp')).toEqual(['CISSP', 'ISSAP', 'ISSEP', 'ISSMP']);
    expect(names('CCNA')[0]).toBe('CCNA');
  });

  it('finds a name with the words people add around it, as the lookup does', () => {
    const first = (query: string) => searchCatalogue(query)[0]?.id;
    expect(first('CISSP certification')).toBe('isc2-cissp');
    expect(first('PMP certification')).toBe('pmi-pmp');
    expect(first('CompTIA Security+ ce Certification')).toBe('comptia-security-plus');
    expect(first('CompTIA A+ ce')).toBe('comptia-a-plus');
    // Noise alone finds nothing rather than everything.
    expect(searchCatalogue('certification certificate')).toEqual([]);
  });

  it('puts an exact alias before prefix matches', () => {
    const results = names('CASP+');

    expect(results[0]).toBe('SecurityX');
  });

  it('orders prefix matches by how commonly they are held: "sec" offers Security+ first', () => {
    const results = names('sec');

    expect(results[0]).toBe('Security+');
    expect(results).toContain('SecurityX');
    expect(results.indexOf('Security+')).toBeLessThan(results.indexOf('SecurityX'));
  });

  it('finds certifications by words of their full name: "project" finds PMP', () => {
    const results = names('project', 20);

    // Project+ starts with the word, so it comes first; PMP is the most held of the full-name matches.
    expect(results[0]).toBe('Project+');
    expect(results[1]).toBe('PMP');
    expect(results).toEqual(expect.arrayContaining(['CAPM', 'PRINCE2 Foundation']));
  });

  it('needs every query word at a word start, in any order', () => {
    expect(names('management project professional')).toContain('PMP');
    expect(names('security manager information')).toContain('CISM');
    expect(names('professional unicorn')).toEqual([]);
  });

  it('matches the body name too: "aws" lists AWS certifications, most held first', () => {
    const results = searchCatalogue('aws', 50);

    expect(results.length).toBe(catalogueEntries().filter((e) => e.body === 'AWS').length);
    expect(results[0]?.id).toBe('aws-clf');
    expect(results[1]?.id).toBe('aws-saa');
  });

  it('falls back to substrings inside names', () => {
    expect(names('devnet')).toEqual(['DevNet Associate', 'DevNet Professional']);
    expect(names('ubernet')).toEqual(expect.arrayContaining(['CKA', 'CKAD', 'CKS']));
  });

  it('ignores punctuation and spacing', () => {
    expect(names('az104')[0]).toBe('AZ-104');
    expect(names('pmi acp')[0]).toBe('PMI-ACP');
    expect(names('a +')[0]).toBe('A+');
  });

  it('answers nothing for a query nothing matches', () => {
    expect(searchCatalogue('underwater basket weaving')).toEqual([]);
  });
});

describe('searchCatalogue accents and case', () => {
  it('matches accented queries to plain names and plain queries to accented names', () => {
    expect(names('CÍSSP')[0]).toBe('CISSP');
    expect(names('Sécurity')[0]).toBe('Security+');
    // CPA Canada's French alias is "Comptable professionnel agréé".
    // A word that starts with the query ranks above one that only holds it ("Six Sigma Green").
    expect(names('agree')[0]).toBe('CPA Canada');
    expect(names('AGRÉÉ')[0]).toBe('CPA Canada');
    expect(names('comptable professionnel agréé')).toEqual(['CPA Canada']);
  });
});

describe('searchCatalogue empty query and limit', () => {
  it('answers the most commonly held entries for an empty or blank query', () => {
    expect(names('', 3)).toEqual(['Security+', 'CISSP', 'PMP']);
    expect(names('   ', 3)).toEqual(['Security+', 'CISSP', 'PMP']);
  });

  it('honours the limit, defaults to 10 and never answers more than 50', () => {
    expect(searchCatalogue('a', 3)).toHaveLength(3);
    expect(searchCatalogue('')).toHaveLength(SEARCH_LIMITS.defaultLimit);
    expect(searchCatalogue('', 0)).toEqual([]);
    expect(searchCatalogue('', 1000)).toHaveLength(SEARCH_LIMITS.maxLimit);
    expect(searchCatalogue('', -5)).toEqual([]);
    expect(searchCatalogue('', Number.NaN)).toHaveLength(SEARCH_LIMITS.defaultLimit);
  });

  it('is stable: the same query answers the same order', () => {
    expect(names('cpa', 50)).toEqual(names('cpa', 50));
    // Equally good matches not in the curated list fall back to level, then name.
    expect(names('cpa', 3)).toEqual(['CPA (Alabama)', 'CPA (Alaska)', 'CPA (Arizona)']);
  });

  it('answers a prefix of the same order for a smaller limit', () => {
    expect(names('c', 5)).toEqual(names('c', 20).slice(0, 5));
  });
});
