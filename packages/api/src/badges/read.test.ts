import { badgePrefill } from '@cpe/shared/schemas';
import { catalogueEntryById } from '@cpe/shared/catalogue';
import {
  type Json,
  b64,
  chunk,
  diSigned,
  ob2Assertion,
  ob2Parts,
  ob3Credential,
  png,
  signed,
  signedByPublishedKey,
  svg,
  tampered,
} from '../testing/badges';
import type { Egress, FetchResult } from './egress';
import { BadgeRefusal } from './errors';
import { matchCatalogue, readBadge } from './read';

const offline: Egress = {
  fetchJson: () =>
    Promise.resolve({ ok: false, kind: 'unreachable', reason: 'the network is off in this test' }),
};

/** An issuer's web as a table: each URL's JSON, or its failure; anything else 404. */
function web(pages: Record<string, Json | FetchResult>): Egress & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    fetchJson(url) {
      fetched.push(url);
      const page = pages[url];
      if (page === undefined) {
        return Promise.resolve({
          ok: false,
          kind: 'status',
          status: 404,
          reason: 'its server answered 404',
        });
      }
      return Promise.resolve(
        'ok' in page && typeof page.ok === 'boolean'
          ? (page as FetchResult)
          : { ok: true, url, json: page },
      );
    },
  };
}

const read = (content: string, egress: Egress = offline) => readBadge(content, { egress });

async function refusal(content: string, egress: Egress = offline): Promise<BadgeRefusal> {
  const error = await read(content, egress).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadgeRefusal);
  return error as BadgeRefusal;
}

describe('Open Badges 2.0', () => {
  it('reads a hosted assertion as JSON: name, issuer, dates, link, catalogue entry; unverified', async () => {
    const answer = await read(
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
      const answer = await read(b64(png({ keyword: 'openbadges', text, compress })));
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
    const answer = await read(b64(svg('assertion', { json: ob2Assertion() })));
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
      const answer = await read(b64(bytes));
      expect(answer).toMatchObject({
        certification_name: 'CISSP - Certified Information Systems Security Professional',
        catalogue_id: 'isc2-cissp',
        verified: true,
        verification: 'Signature checked (ES256) with the public key the badge carries.',
      });
    }
    expect((await read(b64(jws))).format).toBe('ob2-jws');
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
    const answer = await read(b64(jws));
    expect(answer.verified).toBe(false);
    expect(answer.verification).toContain('signature was not checked');
  });

  it('suggests only a link the Verification Link field takes, as it stores it', async () => {
    const withId = async (id: string) =>
      (await read(b64(JSON.stringify(ob2Assertion({ id }))))).verification_link;
    for (const id of [
      'https://x.example/a\u0000b',
      'https://x.example/a\u0007b',
      'https:\\\\x.y',
    ]) {
      expect(await withId(id)).toBe('https://badges.example.org/badges/cissp');
    }
    expect(await withId('  https://x.example/a ')).toBe('https://x.example/a');
  });

  it('matches the catalogue only when the issuer is the entry’s body', async () => {
    const other = await read(b64(JSON.stringify(ob2Assertion({ issuer: 'Acme Training' }))));
    expect(other.catalogue_id).toBeNull();
    const unknown = await read(
      b64(JSON.stringify(ob2Assertion({ name: 'Friday Lunch & Learn Attendee' }))),
    );
    expect(unknown).toMatchObject({
      catalogue_id: null,
      certification_name: 'Friday Lunch & Learn Attendee',
    });
  });

  it('takes a part of the name for the entry only when the rest agrees: a course badge is not the certification', () => {
    expect(matchCatalogue('CCNA: Introduction to Networks', 'Cisco')).toBeNull();
    expect(matchCatalogue('CCNA: Switching, Routing, and Wireless Essentials', 'Cisco')).toBeNull();
    expect(
      matchCatalogue('CISSP - Certified Information Systems Security Professional', 'ISC2'),
    ).toBe('isc2-cissp');
    expect(matchCatalogue('CCNA', 'Cisco')).toBe('cisco-ccna');
  });
});

describe('Open Badges 3.0 / Verifiable Credentials', () => {
  it('reads a credential as JSON: achievement, issuer, validFrom, validUntil, id', async () => {
    const answer = await read(
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
    expect(await read(b64(direct))).toMatchObject({
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
    expect(await read(b64(vcJwt))).toMatchObject({
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
    expect((await read(b64(png({ keyword: 'openbadgecredential', text })))).format).toBe('ob3-png');
    expect((await read(b64(svg('credential', { json: ob3Credential() })))).format).toBe('ob3-svg');
  });

  it('marks a linked-data proof as not checked', async () => {
    const answer = await read(
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
    const answer = await read(b64(JSON.stringify(ob2Assertion({ name }))));
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
    expect((await read(b64(many))).catalogue_id).toBe('isc2-cissp');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('Open Badges 2.0 verified online (docs/decisions/121)', () => {
  const assertion = ob2Assertion({ expires: '2027-03-14T23:59:59Z' });
  const id = assertion.id as string;

  it('verifies a hosted assertion against its hosted copy', async () => {
    const issuer = web({ [id]: assertion });

    const answer = await read(b64(JSON.stringify(assertion)), issuer);

    expect(answer).toMatchObject({
      catalogue_id: 'isc2-cissp',
      verified: true,
      verification: `Hosted assertion fetched from ${id}: it matches the file.`,
    });
    expect(issuer.fetched).toEqual([id]);
  });

  it('refuses a hosted assertion changed in the file, naming what differs', async () => {
    const changed = {
      ...assertion,
      expires: '2099-01-01T00:00:00Z',
      recipient: { type: 'email', hashed: false, identity: 'someone@else.example' },
    };

    const error = await refusal(b64(JSON.stringify(changed)), web({ [id]: assertion }));

    expect(error.message).toContain(`does not match the assertion its issuer hosts at ${id}`);
    expect(error.message).toContain('recipient, expires differ');
  });

  it('refuses a revoked assertion: marked revoked, or gone (410)', async () => {
    const revoked = { ...assertion, revoked: true, revocationReason: 'Issued in error' };
    const marked = await refusal(b64(JSON.stringify(assertion)), web({ [id]: revoked }));
    expect(marked.message).toContain('its issuer has revoked (Issued in error)');

    const gone = web({
      [id]: { ok: false, kind: 'status', status: 410, reason: 'its server answered 410' },
    });
    expect((await refusal(b64(JSON.stringify(assertion)), gone)).message).toContain('revoked');
  });

  it('reads, unverified with the reason, a hosted assertion whose issuer cannot be reached', async () => {
    const answer = await read(b64(JSON.stringify(assertion)));
    expect(answer).toMatchObject({ catalogue_id: 'isc2-cissp', verified: false });
    expect(answer.verification).toBe(
      `A hosted assertion: fetching ${id} from its issuer failed (the network is off in this test), so it is not verified.`,
    );
  });

  it('does not verify a hosted assertion hosted where its issuer does not allow', async () => {
    const elsewhere = ob2Assertion({ id: 'https://lookalike.example.net/a/1' });

    const answer = await read(
      b64(JSON.stringify(elsewhere)),
      web({ 'https://lookalike.example.net/a/1': elsewhere }),
    );

    expect(answer.verified).toBe(false);
    expect(answer.verification).toContain(
      "it is hosted on lookalike.example.net, which is not its issuer's (https://badges.example.org/issuer)",
    );
  });

  it('fetches a badge class and issuer named only by URL, for the name and the catalogue', async () => {
    const parts = ob2Parts(assertion);
    const issuer = web({
      [id]: parts.assertion,
      [parts.badge.id as string]: parts.badge,
      [parts.issuer.id as string]: parts.issuer,
    });

    const answer = await read(b64(JSON.stringify(parts.assertion)), issuer);

    expect(answer).toMatchObject({
      certification_name: 'CISSP - Certified Information Systems Security Professional',
      issuer: 'ISC2',
      catalogue_id: 'isc2-cissp',
      verified: true,
    });
  });

  it('checks a signature with the key its issuer publishes (verification.creator, or a kid URL)', async () => {
    const keyUrl = 'https://badges.example.org/keys/1';
    const owner = 'https://badges.example.org/issuer';
    const payload = ob2Assertion({ verification: { type: 'signed', creator: keyUrl } });
    for (const kid of [false, true]) {
      const { jws, key } = await signedByPublishedKey(payload, { keyUrl, owner, kid });

      const answer = await read(b64(jws), web({ [keyUrl]: key }));

      expect(answer).toMatchObject({
        format: 'ob2-jws',
        verified: true,
        verification: 'Signature checked (RS256) with the public key its issuer publishes.',
      });
      const forged = tampered(jws, (a) => ({ ...a, expires: '2099-01-01T00:00:00Z' }));
      expect((await refusal(b64(forged), web({ [keyUrl]: key }))).message).toContain(
        'signature does not match its contents',
      );
    }
  });

  it('does not verify a signature whose published key another owns, nor one whose key is out of reach', async () => {
    const keyUrl = 'https://badges.example.org/keys/1';
    const payload = ob2Assertion({ verification: { type: 'signed', creator: keyUrl } });
    const { jws, key } = await signedByPublishedKey(payload, {
      keyUrl,
      owner: 'https://impostor.example.net/issuer',
    });

    const foreign = await read(b64(jws), web({ [keyUrl]: key }));
    const unreachable = await read(b64(jws));

    expect(foreign.verified).toBe(false);
    expect(foreign.verification).toContain('a key its issuer does not own');
    expect(unreachable.verified).toBe(false);
    expect(unreachable.verification).toBe(
      `Signed, but its key at ${keyUrl} could not be fetched (the network is off in this test): the signature was not checked.`,
    );
  });
});

describe('Open Badges 3.0 Data Integrity proofs (docs/decisions/121)', () => {
  it.each(['eddsa-rdfc-2022', 'eddsa-jcs-2022'] as const)(
    'verifies a %s proof made with a fresh Ed25519 did:key, and refuses the credential with one field changed',
    async (suite) => {
      const credential = await diSigned(ob3Credential(), suite);

      const answer = await read(b64(JSON.stringify(credential)));
      const changed = structuredClone(credential) as Json & {
        credentialSubject: { achievement: Json };
      };
      changed.credentialSubject.achievement.name = 'Program Management Professional (PgMP)';
      const error = await refusal(b64(JSON.stringify(changed)));

      expect(answer).toMatchObject({
        format: 'ob3-json',
        catalogue_id: 'pmi-pmp',
        verified: true,
        verification: expect.stringContaining(
          `Data Integrity proof (${suite}) checked with the key did:key:z6Mk`,
        ) as string,
      });
      expect(error.message).toContain('Data Integrity proof does not match its contents');
    },
  );

  it('marks a proof it cannot check as unverified, naming why', async () => {
    const credential = await diSigned(ob3Credential());
    const otherContext = {
      ...credential,
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.1.json',
      ],
    };
    const undefinedTerm = { ...credential, holderNickname: 'Ada' };

    const [context, term] = await Promise.all([
      read(b64(JSON.stringify(otherContext))),
      read(b64(JSON.stringify(undefinedTerm))),
    ]);

    expect(context.verified).toBe(false);
    expect(context.verification).toContain('context-3.0.1.json is not one held here');
    expect(term.verified).toBe(false);
    expect(term.verification).toContain('could not be canonicalised as JSON-LD');
  });
});
