import { prepareImport } from './prepare';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const now = new Date('2026-01-01T00:00:00Z');

/** An account export as GET /api/account/export writes it, cut to what the import reads. */
function exported(secondUnits: number) {
  return {
    exported_at: '2026-01-01T00:00:00.000Z',
    certifications: [
      {
        certification_id: 'c1',
        certification_name: 'CISSP',
        earned_date: '2025-01-01',
        expiry_date: '2027-12-31',
        cpe_needed: 120,
        catalogue_id: 'isc2-cissp',
        unit: 'CPE',
        cycle_months: 36,
        annual_minimum: 40,
        verification_link: null,
        carried_in: 0,
      },
      {
        certification_id: 'c2',
        certification_name: 'Home lab',
        earned_date: '2025-01-01',
        expiry_date: null,
        cpe_needed: null,
      },
    ],
    activities: [
      {
        activity_id: 'a1',
        certification_id: 'c1',
        activity_name: 'Conference',
        description: 'Two days',
        cpe_units: 2,
        activity_date: '2025-03-10',
        provider: 'OWASP',
        category: 'group-a',
      },
    ],
    credits: [
      { activity_id: 'a1', certification_id: 'c1', cpe_units: 2, submitted_on: null },
      {
        activity_id: 'a1',
        certification_id: 'c2',
        cpe_units: secondUnits,
        submitted_on: '2025-04-01',
      },
    ],
  };
}

describe('an account export to import', () => {
  it('creates the certifications this account lacks and keeps the credits for the others', async () => {
    const own = [{ certification_id: 'mine', certification_name: 'cissp', catalogue_id: null }];
    const prepared = await prepareImport(
      { file_name: 'export.json', content_base64: b64(exported(1.5)) },
      own,
      now,
    );
    if (!('prepared' in prepared)) throw new Error(JSON.stringify(prepared));
    const { new_certifications, rows } = prepared.prepared;
    expect(new_certifications.map((c) => c.certification_name)).toEqual(['Home lab']);
    expect(rows).toMatchObject([
      {
        row: 1,
        errors: [],
        values: { certification_id: 'mine', activity_name: 'Conference', cpe_units: 2 },
        extra_credits: [
          {
            certification_id: new_certifications[0]!.certification_id,
            cpe_units: 1.5,
            submitted_on: '2025-04-01',
          },
        ],
      },
    ]);
  });

  it('refuses an activity whose credit for another certification is more than its units', async () => {
    const prepared = await prepareImport(
      { file_name: 'export.json', content_base64: b64(exported(5)) },
      [],
      now,
    );
    if (!('prepared' in prepared)) throw new Error(JSON.stringify(prepared));
    expect(prepared.prepared.rows[0]).toMatchObject({
      key: null,
      errors: [
        { field: 'units', message: "Units for Home lab (5) are more than the activity's 2" },
      ],
    });
  });

  it('refuses an export whose certification is not valid, naming it', async () => {
    const bad = exported(1);
    bad.certifications[1]!.earned_date = 'soon';
    expect(
      await prepareImport({ file_name: 'export.json', content_base64: b64(bad) }, [], now),
    ).toEqual({
      refusal: {
        message: expect.stringContaining(
          'whose certification “Home lab” is not valid: earned_date',
        ) as unknown,
        fields: { content_base64: expect.stringContaining('“Home lab”') as unknown },
      },
    });
  });
});
