import { badgePrefill } from '@cpe/shared/schemas';
import { catalogueEntryById } from '@cpe/shared/catalogue';
import {
  b64,
  chunk,
  ob2Assertion,
  ob3Credential,
  png,
  signed,
  svg,
  tampered,
} from '../testing/badges';
import { BadgeRefusal } from './errors';
import { readBadge } from './read';

async function refusal(content: string): Promise<BadgeRefusal> {
  const error = await readBadge(content).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadgeRefusal);
  return error as BadgeRefusal;
}

describe('Open Badges 2.0', () => {
  it('reads a hosted assertion as JSON: name, issuer, dates, link, catalogue entry; unverified', async () => {
    const answer = await readBadge(
      b64(JSON.stringify(ob2Assertion({ expires: '2027-03-14T23:59:59Z' }))),
    );
    expect(badgePrefill.parse(answer)).toEqual({
      format: 'ob2-json',
      certification_name: 'CISSP - Certified Information Systems Security Professional',
      issuer: 'ISC2',
      catalogue_id: 'isc2-cissp',
      earned_date: '2024-03-15',
      expiry_date: '2027-03-14',
      verification_link: 'https://badges.example.org/assertions/cissp-1234',
      verified: false,
      verification: expect.stringContaining('hosted assertion') as string,
    });
    expect(answer.verification).toContain('https://badges.example.org/assertions/cissp-1234');
    expect(catalogueEntryById('isc2-cissp')?.body).toBe('ISC2');
  });

  it('reads an assertion baked into a PNG (iTXt, plain and deflated)', async () => {
    const text = JSON.stringify(ob2Assertion());
    for (const compress of [false, true]) {
      const answer = await readBadge(b64(png({ keyword: 'openbadges', text, compress })));
      expect(answer).toMatchObject({
        format: 'ob2-png',
        certification_name: 'CISSP - Certified Information Systems Security Professional',
        catalogue_id: 'isc2-cissp',
        earned_date: '2024-03-15',
        expiry_date: null,
        verified: false,
      });
    }
  });

  it('reads an assertion baked into an SVG', async () => {
    const answer = await readBadge(b64(svg('assertion', { json: ob2Assertion() })));
    expect(answer).toMatchObject({
      format: 'ob2-svg',
      catalogue_id: 'isc2-cissp',
      earned_date: '2024-03-15',
      verified: false,
    });
  });

  it('verifies a signed assertion whose JWS carries its key, baked into a PNG and an SVG', async () => {
    const jws = await signed(ob2Assertion({ verification: { type: 'signed' } }));
    for (const bytes of [
      png({ keyword: 'openbadges', text: jws }),
      svg('assertion', { verify: jws }),
      Buffer.from(jws),
    ]) {
      const answer = await readBadge(b64(bytes));
      expect(answer).toMatchObject({
        certification_name: 'CISSP - Certified Information Systems Security Professional',
        catalogue_id: 'isc2-cissp',
        verified: true,
        verification: 'Signature checked (ES256) with the public key the badge carries.',
      });
    }
    expect((await readBadge(b64(jws))).format).toBe('ob2-jws');
  });

  it('refuses a signed assertion changed after signing, naming it (the route answers 400)', async () => {
    const jws = await signed(ob2Assertion({ verification: { type: 'signed' } }));
    const forged = tampered(jws, (a) => ({ ...a, issuedOn: '2020-01-01T00:00:00Z' }));
    for (const bytes of [png({ keyword: 'openbadges', text: forged }), Buffer.from(forged)]) {
      const error = await refusal(b64(bytes));
      expect(error.message).toContain('signature does not match its contents');
      expect(error.fields).toHaveProperty('content_base64');
    }
  });

  it('reads a signed assertion whose key is only the issuer’s to publish, unverified', async () => {
    const jws = await signed(ob2Assertion({ verification: { type: 'signed' } }), { key: 'none' });
    const answer = await readBadge(b64(jws));
    expect(answer.verified).toBe(false);
    expect(answer.verification).toContain('signature was not checked');
  });

  it('matches the catalogue only when the issuer is the entry’s body', async () => {
    const other = await readBadge(b64(JSON.stringify(ob2Assertion({ issuer: 'Acme Training' }))));
    expect(other.catalogue_id).toBeNull();
    const unknown = await readBadge(
      b64(JSON.stringify(ob2Assertion({ name: 'Friday Lunch & Learn Attendee' }))),
    );
    expect(unknown).toMatchObject({
      catalogue_id: null,
      certification_name: 'Friday Lunch & Learn Attendee',
    });
  });
});

describe('Open Badges 3.0 / Verifiable Credentials', () => {
  it('reads a credential as JSON: achievement, issuer, validFrom, validUntil, id', async () => {
    const answer = await readBadge(
      b64(JSON.stringify(ob3Credential({ validUntil: '2028-01-19T23:59:59Z' }))),
    );
    expect(answer).toEqual({
      format: 'ob3-json',
      certification_name: 'Project Management Professional (PMP)',
      issuer: 'PMI',
      catalogue_id: 'pmi-pmp',
      earned_date: '2025-01-20',
      expiry_date: '2028-01-19',
      verification_link: 'https://credentials.example.org/credentials/pmp-5678',
      verified: false,
      verification: 'Not signed: nothing in the file proves who issued it.',
    });
    expect(catalogueEntryById('pmi-pmp')?.body).toBe('PMI');
  });

  it('verifies a JWT credential (did:jwk key and VC-JWT vc claim) and refuses a tampered one', async () => {
    const credential = ob3Credential();
    const direct = await signed(credential, { key: 'did:jwk', alg: 'EdDSA', typ: 'vc+jwt' });
    expect(await readBadge(b64(direct))).toMatchObject({
      format: 'ob3-jwt',
      catalogue_id: 'pmi-pmp',
      earned_date: '2025-01-20',
      verified: true,
      verification: 'Signature checked (EdDSA) with the public key the badge carries.',
    });
    const { validFrom: _from, ...withoutDates } = credential;
    const vcJwt = await signed(
      {
        iss: 'https://credentials.example.org/issuers/pmi',
        nbf: 1_737_331_200,
        exp: 1_831_939_200,
        vc: withoutDates,
      },
      { key: 'jwk', alg: 'RS256' },
    );
    expect(await readBadge(b64(vcJwt))).toMatchObject({
      format: 'ob3-jwt',
      earned_date: '2025-01-20',
      expiry_date: '2028-01-20',
      verified: true,
    });
    const forged = tampered(direct, (c) => ({ ...c, validUntil: '2099-01-01T00:00:00Z' }));
    expect((await refusal(b64(forged))).message).toContain('signature does not match');
  });

  it('reads a credential baked into a PNG and an SVG', async () => {
    const text = JSON.stringify(ob3Credential());
    expect((await readBadge(b64(png({ keyword: 'openbadgecredential', text })))).format).toBe(
      'ob3-png',
    );
    expect((await readBadge(b64(svg('credential', { json: ob3Credential() })))).format).toBe(
      'ob3-svg',
    );
  });

  it('marks a linked-data proof as not checked', async () => {
    const answer = await readBadge(
      b64(
        JSON.stringify({
          ...ob3Credential(),
          proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofValue: 'z3x' },
        }),
      ),
    );
    expect(answer.verified).toBe(false);
    expect(answer.verification).toContain('eddsa-rdfc-2022');
  });
});

describe('files that are not badges', () => {
  const cases: [string, string, string][] = [
    ['a PNG without a badge', b64(png()), 'no openbadges or openbadgecredential text chunk'],
    ['a damaged PNG', b64(Buffer.concat([png().subarray(0, 20), Buffer.alloc(30, 7)])), 'PNG'],
    [
      'an SVG without a badge',
      b64('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'),
      'no openbadges:assertion',
    ],
    ['malformed XML', b64('<svg><openbadges:assertion></svg>'), 'not well-formed XML'],
    ['JSON that is not a badge', b64('{"hello":"world"}'), 'neither an Open Badges 2.0 assertion'],
    ['text', b64('just some notes'), 'is not JSON'],
    [
      'a PDF',
      b64(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0xfe, 0x00])),
      'neither a PNG nor text',
    ],
    ['not base64', '***', 'not base64'],
    [
      'an assertion naming its badge by URL',
      b64(JSON.stringify({ ...ob2Assertion(), badge: 'https://badges.example.org/badges/cissp' })),
      'only a link',
    ],
    [
      'a date that is not one',
      b64(JSON.stringify(ob2Assertion({ issuedOn: '15/03/2024' }))),
      'issuedOn is not an ISO 8601 date',
    ],
    [
      'a JWS signed with no algorithm',
      b64(
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(ob2Assertion())).toString('base64url')}.c2ln`,
      ),
      'algorithm none',
    ],
  ];
  it.each(cases)('refuses %s, naming why (the route answers 400)', async (_what, content, why) => {
    const error = await refusal(content);
    expect(error.message).toContain(why);
  });

  it('reads a badge whose name is a long run of spaces and dashes in linear time, as one line', async () => {
    const name = `CISSP${' '.repeat(200_000)}-\n${' '.repeat(200_000)}x`;
    const started = performance.now();
    const answer = await readBadge(b64(JSON.stringify(ob2Assertion({ name }))));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.certification_name).toBe('CISSP - x');
  });

  it('reads a PNG in one pass whatever its chunk count', async () => {
    const many = Buffer.concat([
      png().subarray(0, 33),
      ...Array.from({ length: 20_000 }, () => chunk('tEXt', Buffer.from('Comment\0a note'))),
      png({ keyword: 'openbadges', text: JSON.stringify(ob2Assertion()) }).subarray(33),
    ]);
    const started = performance.now();
    expect((await readBadge(b64(many))).catalogue_id).toBe('isc2-cissp');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
