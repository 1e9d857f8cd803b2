import { catalogueEntries } from './catalogue/entries';
import { publicCatalogueEntry } from './catalogue/public';
import {
  catalogueEntry,
  catalogueQuery,
  certificationInput,
  contactBody,
  createActivityBody,
  createCertificationBody,
  fieldErrors,
  renewCertificationBody,
  updateActivityBody,
} from './schemas';
import { updateAccountSettingsBody } from './account';

const cert = {
  certification_name: 'CISSP',
  earned_date: '2024-01-15',
  expiry_date: '2027-01-15',
  cpe_needed: 120,
  verification_link: 'https://www.isc2.org/verify',
};

describe('verification_link (issue 9 item 1: what the schema accepts, the database stores)', () => {
  it.each([
    ['HTTPS://EXAMPLE.COM', true],
    ['Http://x.y', true],
    ['https://example.com/path?q=1#frag', true],
    ['http:evil.example', false],
    ['https:/x.y', false],
    ['ht\ttps://x.y', false],
    ['https:\\\\x.y', false],
    ['h\\ttps://x.y', false],
    ['https://exa mple.com', false],
    ['ftp://example.com', false],
    ['http://x\u0000', false],
    ['https://x.y/a\u0000b', false],
  ])('%j accepted: %s', (link, ok) => {
    const parsed = certificationInput.safeParse({ ...cert, verification_link: link });
    expect(parsed.success).toBe(ok);
    if (!ok && !parsed.success) {
      expect(fieldErrors(parsed.error)).toEqual({
        verification_link: expect.stringContaining('http') as unknown,
      });
    }
  });
});

describe('optional one-line fields typed as nothing visible', () => {
  it.each([' ', '   ', '\u202e', ' \u200f '])('clear member_id and holder_name on %j', (blank) => {
    expect(certificationInput.parse({ ...cert, member_id: blank }).member_id).toBeNull();
    expect(updateAccountSettingsBody.parse({ holder_name: blank }).holder_name).toBeNull();
  });

  it('keep what is visible, trimmed', () => {
    expect(certificationInput.parse({ ...cert, member_id: ' 1234 ' }).member_id).toBe('1234');
    expect(updateAccountSettingsBody.parse({ holder_name: ' Ada L ' }).holder_name).toBe('Ada L');
  });
});

describe('control characters (issue 9 item 5)', () => {
  const singleLine = [
    [createCertificationBody, cert, 'certification_name'],
    [certificationInput, cert, 'certification_name'],
    [
      createActivityBody,
      { certification_id: 'x', activity_name: 'Talk', activity_date: '2024-01-01' },
      'activity_name',
    ],
    [
      updateActivityBody,
      { activity_name: 'Talk', activity_date: '2024-01-01', version: 1 },
      'activity_name',
    ],
    [contactBody, { name: 'Ada', email: 'ada@example.com', message: 'Hi' }, 'name'],
    [contactBody, { name: 'Ada', email: 'ada@example.com', message: 'Hi' }, 'email'],
  ] as const;

  it.each(
    singleLine.flatMap(([schema, body, field]) =>
      ['\r\n', '\n', '\r', '\t', '\u0007', '\u0085', '\u2028'].map(
        (c) => [field, JSON.stringify(c), schema, body, c] as const,
      ),
    ),
  )('single-line %s refuses %s anywhere, naming the field', (field, _shown, schema, body, c) => {
    for (const value of [`A${c}B`, `AB${c}`, `${c}AB`]) {
      const parsed = schema.safeParse({
        ...body,
        [field]: field === 'email' ? `a${value}@x.y` : value,
      });
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(Object.keys(fieldErrors(parsed.error))).toEqual([field]);
    }
  });

  it('multi-line fields keep line breaks and tabs, and refuse other controls', () => {
    const activity = { activity_name: 'Talk', activity_date: '2024-01-01', version: 1 };
    expect(
      updateActivityBody.parse({ ...activity, description: 'one\r\ntwo\n\tthree' }).description,
    ).toBe('one\r\ntwo\n\tthree');
    const bell = updateActivityBody.safeParse({ ...activity, description: 'ding\u0007' });
    expect(bell.success || fieldErrors(bell.error)).toEqual({
      description: expect.any(String) as unknown,
    });
    const contact = { name: 'Ada', email: 'ada@example.com' };
    expect(contactBody.parse({ ...contact, message: 'Hello,\r\nAda' }).message).toBe(
      'Hello,\r\nAda',
    );
    const escape = contactBody.safeParse({ ...contact, message: '\u001b[2J' });
    expect(escape.success || fieldErrors(escape.error)).toEqual({
      message: expect.any(String) as unknown,
    });
  });
});

describe('certification rule fields (issue 10 item 3)', () => {
  it('are optional: absent stays absent, empty and null are null', () => {
    expect(certificationInput.parse(cert)).not.toHaveProperty('unit');
    expect(
      certificationInput.parse({
        ...cert,
        catalogue_id: '',
        unit: null,
        cycle_months: '',
        annual_minimum: null,
      }),
    ).toMatchObject({ catalogue_id: null, unit: null, cycle_months: null, annual_minimum: null });
  });

  it('accept catalogue ids, the catalogue units, whole months and CPE amounts', () => {
    expect(
      certificationInput.parse({
        ...cert,
        catalogue_id: 'isc2-cissp',
        unit: 'CPD hours',
        cycle_months: '36',
        annual_minimum: '20.5',
      }),
    ).toMatchObject({
      catalogue_id: 'isc2-cissp',
      unit: 'CPD hours',
      cycle_months: 36,
      annual_minimum: 20.5,
    });
  });

  it('refuse anything else, naming the field', () => {
    const parsed = certificationInput.safeParse({
      ...cert,
      catalogue_id: 'ISC2 CISSP',
      unit: 'credits',
      cycle_months: 1.5,
      annual_minimum: -1,
    });
    expect(parsed.success || Object.keys(fieldErrors(parsed.error)).sort()).toEqual([
      'annual_minimum',
      'catalogue_id',
      'cycle_months',
      'unit',
    ]);
    for (const months of [0, 13201, '12a', '']) {
      const one = certificationInput.safeParse({ ...cert, cycle_months: months });
      expect(months === '' ? one.success : !one.success).toBe(true);
    }
  });
});

describe('CPE amounts as a number input writes them', () => {
  const units = (cpe_units: unknown) =>
    createActivityBody.safeParse({
      certification_id: 'c0000000-0000-4000-8000-000000000001',
      activity_name: 'Seminar',
      activity_date: '2026-01-15',
      cpe_units,
    });

  it('reads a leading decimal point', () => {
    expect(units('.5')).toMatchObject({ success: true, data: { cpe_units: 0.5 } });
    expect(units('1.25')).toMatchObject({ success: true, data: { cpe_units: 1.25 } });
  });

  it('says a negative figure is negative, and text is not a number', () => {
    const message = (value: unknown) => {
      const parsed = units(value);
      return parsed.success ? null : fieldErrors(parsed.error).cpe_units;
    };
    expect(message('-1')).toBe('must be 0 or more');
    expect(message('1,5')).toBe('must be a number');
    expect(message('.')).toBe('must be a number');
    expect(message('1.')).toBe('must be a number');
  });
});

describe('renewCertificationBody (issue 9 item 2)', () => {
  it('tells a bare call from one that names the cycle', () => {
    expect(renewCertificationBody.parse({})).toEqual({});
    expect(renewCertificationBody.parse({ expiry_date: null })).toEqual({ expiry_date: null });
    expect(renewCertificationBody.parse({ expiry_date: '1970-01-01' })).toEqual({
      expiry_date: null,
    });
    expect(renewCertificationBody.parse({ expiry_date: '2027-01-15' })).toEqual({
      expiry_date: '2027-01-15',
    });
    expect(renewCertificationBody.safeParse({ expiry_date: '2027-02-30' }).success).toBe(false);
  });
});

describe('catalogue schemas', () => {
  it('every public entry matches the response schema', () => {
    for (const entry of catalogueEntries()) {
      const parsed = catalogueEntry.safeParse(publicCatalogueEntry(entry));
      expect({ id: entry.id, ok: parsed.success }).toEqual({ id: entry.id, ok: true });
    }
  });

  it('the query takes q and a limit from 1 to 50, and names a bad one', () => {
    expect(catalogueQuery.parse({ q: ' cissp ', limit: '5', other: 'x' })).toEqual({
      q: 'cissp',
      limit: 5,
    });
    for (const limit of ['0', '51', '-1', 'ten', '1.5', '']) {
      const parsed = catalogueQuery.safeParse({ limit });
      expect(parsed.success || Object.keys(fieldErrors(parsed.error))).toEqual(['limit']);
    }
    const q = catalogueQuery.safeParse({ q: 'cis\r\nsp' });
    expect(q.success || Object.keys(fieldErrors(q.error))).toEqual(['q']);
  });
});
