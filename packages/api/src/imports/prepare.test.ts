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

  it('keeps two exported activities alike in every field the rows compare', async () => {
    const twice = exported(1);
    twice.activities.push({ ...twice.activities[0]!, activity_id: 'a2', description: 'Day two' });
    const own = [
      { certification_id: 'mine', certification_name: 'CISSP', catalogue_id: null },
      { certification_id: 'lab', certification_name: 'Home lab', catalogue_id: null },
    ];
    const prepared = await prepareImport(
      { file_name: 'export.json', content_base64: b64(twice) },
      own,
      now,
    );
    if (!('prepared' in prepared)) throw new Error(JSON.stringify(prepared));
    const [one, two] = prepared.prepared.rows;
    expect([one?.same_as_row, two?.same_as_row]).toEqual([null, null]);
    expect(one?.key).not.toBeNull();
    expect(two?.key).not.toBe(one?.key);
    // The same file again: the same keys, so a second import finds them stored.
    const again = await prepareImport(
      { file_name: 'export.json', content_base64: b64(twice) },
      own,
      now,
    );
    if (!('prepared' in again)) throw new Error(JSON.stringify(again));
    expect(again.prepared.rows.map((r) => r.key)).toEqual([one?.key, two?.key]);
  });

  it('takes a credit above the units for a certification counting in another unit', async () => {
    const own = [
      { certification_id: 'lab', certification_name: 'Home lab', catalogue_id: null, unit: 'CEU' },
    ];
    const prepared = await prepareImport(
      { file_name: 'export.json', content_base64: b64(exported(5)) },
      own,
      now,
    );
    if (!('prepared' in prepared)) throw new Error(JSON.stringify(prepared));
    expect(prepared.prepared.rows[0]).toMatchObject({
      errors: [],
      extra_credits: [{ certification_id: 'lab', cpe_units: 5 }],
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

  it.each([
    ['carried_category', 'A\u0000', 'carried_category'],
    ['carried_category', 'Group\nA', 'carried_category'],
    ['carried_in', -5, 'carried_in'],
    ['certified_on', '2024-02-30', 'certified_on'],
  ] as const)(
    'refuses an export whose certification has %s %j, naming it',
    async (field, value, named) => {
      const bad = exported(1) as { certifications: Record<string, unknown>[] };
      bad.certifications[1]![field] = value;
      const answer = await prepareImport(
        { file_name: 'export.json', content_base64: b64(bad) },
        [],
        now,
      );
      expect(answer).toEqual({
        refusal: {
          message: expect.stringContaining(
            `whose certification “Home lab” is not valid: ${named}`,
          ) as unknown,
          fields: { content_base64: expect.stringContaining('“Home lab”') as unknown },
        },
      });
    },
  );

  it('creates an exported certification as Add Certification stores it: trimmed, cleaned', async () => {
    const export_ = exported(1) as { certifications: Record<string, unknown>[] };
    Object.assign(export_.certifications[1]!, {
      certification_name: ' EC8\u202e ',
      verification_link: ' https://example.com/v ',
      certified_on: '2025-01-01',
      carried_in: '3.5',
    });
    const answer = await prepareImport(
      { file_name: 'export.json', content_base64: b64(export_) },
      [],
      now,
    );
    if (!('prepared' in answer)) throw new Error(JSON.stringify(answer));
    expect(answer.prepared.new_certifications[1]).toMatchObject({
      certification_name: 'EC8',
      verification_link: 'https://example.com/v',
      certified_on: '2025-01-01',
      carried_in: 3.5,
      carried_category: null,
    });
  });

  it.each([
    [{ category: '\u0000' }, 'category', 'Category for Home lab must be one line'],
    [{ category: 'x\ny' }, 'category', 'Category for Home lab must be one line'],
    [{ cpe_units: -1 }, 'units', 'Units for Home lab must be 0 or more'],
    [{ submitted_on: '2024-02-30' }, 'row', 'Submitted on “2024-02-30” is not a real date'],
  ])(
    'marks a row whose credit for another certification has %j invalid',
    async (change, field, message) => {
      const export_ = exported(1);
      Object.assign(export_.credits[1]!, change);
      const answer = await prepareImport(
        { file_name: 'export.json', content_base64: b64(export_) },
        [],
        now,
      );
      if (!('prepared' in answer)) throw new Error(JSON.stringify(answer));
      expect(answer.prepared.rows[0]).toMatchObject({
        key: null,
        errors: [{ field, message: expect.stringContaining(message) as unknown }],
      });
    },
  );

  it('keeps a credit category as the form stores it, matched to the certification’s rules', async () => {
    const export_ = exported(1) as ReturnType<typeof exported> & {
      credits: Record<string, unknown>[];
    };
    Object.assign(export_.credits[1]!, { category: 'Grp\u202eA' });
    // Home lab has no catalogue rules: the category is kept as typed, cleaned as the form cleans it.
    const answer = await prepareImport(
      { file_name: 'export.json', content_base64: b64(export_) },
      [],
      now,
    );
    if (!('prepared' in answer)) throw new Error(JSON.stringify(answer));
    expect(answer.prepared.rows[0]).toMatchObject({
      errors: [],
      extra_credits: [{ category: 'GrpA' }],
    });
  });
});

describe('an audit report to import', () => {
  const report = (certification: string, cycle: string, firstCertified?: string) =>
    [
      'CPE audit report',
      'Holder,ada@example.com',
      `Certification,${certification}`,
      'Body,ISC2 (Certified Information Systems Security Professional)',
      `Cycle,${cycle}`,
      ...(firstCertified === undefined ? [] : [`First certified,${firstCertified}`]),
      '',
      'No.,Date,Activity,Provider,Category,Units (CPE),Description,Proof files (names in the audit packet)',
      '1,2025-02-01,Talk,ISC2,Group A (domain-related),2,,none',
    ].join('\r\n');
  const prepare = (csv: string) =>
    prepareImport(
      { file_name: 'report.csv', content_base64: Buffer.from(csv).toString('base64') },
      [],
      now,
    );

  it.each([
    ['"Multi\nLine"', '2025-01-01 to 2027-12-31', 'certification_name must be one line'],
    ['x'.repeat(201), '2025-01-01 to 2027-12-31', 'certification_name must be at most 200'],
    ['CISSP', '2024-02-30 to 2026-12-31', 'cycle “2024-02-30 to 2026-12-31” is not two real dates'],
  ])(
    'refuses a report whose certification %s (cycle %s) the form would refuse',
    async (name, cycle, why) => {
      expect(await prepare(report(name, cycle))).toEqual({
        refusal: {
          message: expect.stringContaining(why) as unknown,
          fields: { content_base64: expect.stringContaining(why) as unknown },
        },
      });
    },
  );

  it.each([
    ['2019-02-30', 'first certified date “2019-02-30” is not a real date'],
    ['1 March 2019', 'first certified date “1 March 2019” is not a real date'],
    ['2025-01-02', 'first certified date “2025-01-02” is after its cycle’s start 2025-01-01'],
  ])('refuses a report first certified on %s', async (firstCertified, why) => {
    expect(await prepare(report('CISSP', '2025-01-01 to 2027-12-31', firstCertified))).toEqual({
      refusal: {
        message: expect.stringContaining(why) as unknown,
        fields: { content_base64: expect.stringContaining(why) as unknown },
      },
    });
  });

  it.each([
    ['2019-03-01', '2019-03-01'],
    ['2025-01-01', '2025-01-01'],
    [undefined, null],
  ])(
    'creates the certification of a report first certified on %s with that day',
    async (firstCertified, certifiedOn) => {
      const answer = await prepare(report('CISSP', '2025-01-01 to 2027-12-31', firstCertified));
      if (!('prepared' in answer)) throw new Error(JSON.stringify(answer));
      expect(answer.prepared.new_certifications).toMatchObject([
        { earned_date: '2025-01-01', certified_on: certifiedOn },
      ]);
    },
  );

  it('creates the report’s certification as the form stores it', async () => {
    const answer = await prepare(report('CISSP\u202e', '2025-01-01 to 2027-12-31'));
    if (!('prepared' in answer)) throw new Error(JSON.stringify(answer));
    expect(answer.prepared.new_certifications).toMatchObject([
      {
        certification_name: 'CISSP',
        earned_date: '2025-01-01',
        expiry_date: '2027-12-31',
        catalogue_id: 'isc2-cissp',
      },
    ]);
  });

  it('creates a certification of no catalogue entry with the unit and total its report printed', async () => {
    const csv = [
      'CPE audit report',
      'Holder,ada@example.com',
      'Certification,Wound care nursing',
      'Body,',
      'Cycle,2025-01-01 to 2026-12-31',
      '',
      'No.,Date,Activity,Provider,Category,Units (CEU),Description,Proof files (names in the audit packet)',
      '1,2025-02-01,Dressings,Board,,1.2,,none',
      '',
      'Totals,Earned (CEU),Required,Status',
      'Cycle,1.2,3,not met',
    ].join('\r\n');
    const answer = await prepare(csv);
    if (!('prepared' in answer)) throw new Error(JSON.stringify(answer));
    expect(answer.prepared.new_certifications).toMatchObject([
      { certification_name: 'Wound care nursing', catalogue_id: null, unit: 'CEU', cpe_needed: 3 },
    ]);
    expect(answer.prepared.rows[0]?.values).toMatchObject({ cpe_units: 1.2 });
  });
});
