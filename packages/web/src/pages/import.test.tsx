import { screen, waitFor, within } from '@testing-library/react';
import type { ImportPreview, ImportResult } from '@cpe/shared/schemas';
import { certification, fakeApi, renderApp } from '../test/harness';
import { IMPORT_TEXTS } from './ImportActivities';

jest.setTimeout(20_000);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const CSV = 'Date,Course,CPE\n2025-02-01,Cloud summit,3\n2025-02-02,"Broken" row,1\n';

function previewOf(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    format: 'csv',
    headers: ['Date', 'Course', 'CPE'],
    guessed: {
      date: 0,
      title: 1,
      provider: null,
      units: 2,
      category: null,
      certification: null,
      description: null,
    },
    mapping: {
      date: 0,
      title: 1,
      provider: null,
      units: 2,
      category: null,
      certification: null,
      description: null,
    },
    certification_id: 'cert-1',
    new_certifications: [],
    rows: [
      {
        row: 2,
        values: {
          activity_date: '2025-02-01',
          activity_name: 'Cloud summit',
          provider: null,
          cpe_units: 3,
          category: null,
          category_label: null,
          certification_id: 'cert-1',
          certification_name: 'CISSP',
          description: '',
        },
        errors: [],
        status: 'new',
        same_as_row: null,
      },
      {
        row: 3,
        values: {
          activity_date: null,
          activity_name: null,
          provider: null,
          cpe_units: null,
          category: null,
          category_label: null,
          certification_id: null,
          certification_name: null,
          description: '',
        },
        errors: [
          {
            field: 'row',
            message: 'A quoted field is followed by text before the next separator.',
          },
        ],
        status: 'invalid',
        same_as_row: null,
      },
    ],
    counts: { rows: 2, new: 1, duplicate: 0, invalid: 1 },
    ...overrides,
  };
}

describe('Import Activities', () => {
  it('previews the file with the guessed mapping and each row’s errors, remaps a column, and imports', async () => {
    const cissp = certification({ certification_id: 'cert-1', certification_name: 'CISSP' });
    const result: ImportResult = {
      format: 'csv',
      created: 1,
      duplicates: 0,
      refused: [{ row: 3, errors: previewOf().rows[1]!.errors }],
      certifications_created: 0,
    };
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      previewImport: jest.fn().mockResolvedValue(previewOf()),
      importActivities: jest.fn().mockResolvedValue(result),
    });
    const { user } = renderApp({ route: '/import', api });

    await user.upload(
      await screen.findByLabelText('Spreadsheet'),
      new File([CSV], 'training.csv', { type: 'text/csv' }),
    );

    expect(await screen.findByText('2 rows: 1 new, 0 already there, 1 with errors')).toBeVisible();
    expect(api.previewImport).toHaveBeenCalledWith({
      file_name: 'training.csv',
      content_base64: btoa(CSV),
      mapping: {},
    });
    expect(screen.getByRole('combobox', { name: /^Date/ })).toHaveValue('0');
    expect(screen.getByRole('combobox', { name: /^Units/ })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('');
    const table = screen.getByRole('table');
    const broken = within(table).getByRole('row', { name: /^3 Has errors/ });
    expect(broken).toHaveTextContent(
      'A quoted field is followed by text before the next separator.',
    );
    expect(
      within(table).getByRole('row', { name: /^2 New 2025-02-01 Cloud summit/ }),
    ).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'Course');
    await waitFor(() =>
      expect(api.previewImport).toHaveBeenLastCalledWith(
        expect.objectContaining({ mapping: { provider: 1 }, certification_id: 'cert-1' }),
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Import 1 activity' }));
    expect(
      await screen.findByText('Imported 1 activity; 0 rows already there; 1 row refused.'),
    ).toBeVisible();
    expect(api.importActivities).toHaveBeenCalledWith({
      file_name: 'training.csv',
      content_base64: btoa(CSV),
      mapping: { provider: 1 },
      certification_id: 'cert-1',
    });
  });

  it('takes no other file while an import runs, so the rows shown are the file imported', async () => {
    const cissp = certification({ certification_id: 'cert-1', certification_name: 'CISSP' });
    let finish: (result: ImportResult) => void = () => undefined;
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      previewImport: jest.fn().mockResolvedValue(previewOf()),
      importActivities: jest.fn(() => new Promise<ImportResult>((resolve) => (finish = resolve))),
    });
    const { user } = renderApp({ route: '/import', api });
    const chooser = await screen.findByLabelText('Spreadsheet');
    await user.upload(chooser, new File([CSV], 'training.csv', { type: 'text/csv' }));
    await screen.findByText('2 rows: 1 new, 0 already there, 1 with errors');

    await user.click(screen.getByRole('button', { name: 'Import 1 activity' }));
    await waitFor(() => expect(api.importActivities).toHaveBeenCalled());
    expect(chooser).toBeDisabled();

    finish({ format: 'csv', created: 1, duplicates: 0, refused: [], certifications_created: 0 });
    expect(
      await screen.findByText('Imported 1 activity; 0 rows already there; 0 rows refused.'),
    ).toBeVisible();
    await waitFor(() => expect(chooser).toBeEnabled());
  });

  it('reads an account export without columns to choose, naming the certifications it would create', async () => {
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([]),
      previewImport: jest.fn().mockResolvedValue(
        previewOf({
          format: 'account-json',
          headers: [],
          certification_id: null,
          new_certifications: ['CISSP', 'Security+'],
          rows: previewOf()
            .rows.slice(0, 1)
            .map((r) => ({ ...r, status: 'duplicate' as const })),
          counts: { rows: 1, new: 0, duplicate: 1, invalid: 0 },
        }),
      ),
    });
    const { user } = renderApp({ route: '/import', api });
    await user.upload(
      await screen.findByLabelText('Spreadsheet'),
      new File(['{}'], 'export.json', { type: 'application/json' }),
    );
    expect(
      await screen.findByText(
        'Importing creates 2 certifications you do not have yet: CISSP, Security+.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Columns' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^2 Already there/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Nothing new to import' })).toBeDisabled();
  });

  it('keeps the last preview and the columns it was made with when a re-preview fails', async () => {
    const cissp = certification({ certification_id: 'cert-1', certification_name: 'CISSP' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      previewImport: jest.fn().mockResolvedValue(previewOf()),
      importActivities: jest.fn(),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ route: '/import', api });
    await user.upload(
      await screen.findByLabelText('Spreadsheet'),
      new File([CSV], 'training.csv', { type: 'text/csv' }),
    );
    await screen.findByText('2 rows: 1 new, 0 already there, 1 with errors');

    const { ApiError } = await import('../api/errors');
    api.previewImport.mockRejectedValueOnce(new ApiError(0, 'Could not reach the server.'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'Course');

    expect(await screen.findByText(IMPORT_TEXTS.failed('training.csv'))).toBeVisible();
    expect(screen.getByText('2 rows: 1 new, 0 already there, 1 with errors')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Import 1 activity' }));
    expect(api.importActivities).toHaveBeenCalledWith(expect.objectContaining({ mapping: {} }));
  });

  it('says the default certification is gone when it was deleted meanwhile, and offers the rest', async () => {
    const cissp = certification({ certification_id: 'cert-1', certification_name: 'CISSP' });
    const { ApiError } = await import('../api/errors');
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      previewImport: jest.fn().mockResolvedValue(previewOf()),
      importActivities: jest.fn().mockRejectedValue(
        new ApiError(400, 'Invalid request: certification_id is not one of your certifications', {
          certification_id: 'is not one of your certifications',
        }),
      ),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ route: '/import', api });
    await user.upload(
      await screen.findByLabelText('Spreadsheet'),
      new File([CSV], 'training.csv', { type: 'text/csv' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Import 1 activity' }));

    expect(await screen.findByText(IMPORT_TEXTS.staleCertification)).toBeVisible();
    await waitFor(() => expect(api.listCertifications).toHaveBeenCalledTimes(2));
  });

  it('says why a file is refused, naming it', async () => {
    const { ApiError } = await import('../api/errors');
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([]),
      previewImport: jest.fn().mockRejectedValue(
        new ApiError(400, 'Invalid request: content_base64 is not valid JSON', {
          content_base64: 'is not valid JSON',
        }),
      ),
    });
    const { user } = renderApp({ route: '/import', api });
    await user.upload(
      await screen.findByLabelText('Spreadsheet'),
      new File(['{oops'], 'export.json', { type: 'application/json' }),
    );
    expect(await screen.findByText('export.json is not valid JSON.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('refuses an empty file before sending it, saying it is empty', async () => {
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([]),
      previewImport: jest.fn(),
    });
    const { user } = renderApp({ route: '/import', api });
    await user.upload(
      await screen.findByLabelText('Spreadsheet'),
      new File([], 'blank.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText('blank.csv is empty: there is nothing in it to import.'),
    ).toBeVisible();
    expect(api.previewImport).not.toHaveBeenCalled();
  });

  it('refuses a file over 4 MB before sending it', async () => {
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([]),
      previewImport: jest.fn(),
    });
    const { user } = renderApp({ route: '/import', api });
    const big = new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('Spreadsheet'), big);
    expect(
      await screen.findByText('big.csv is larger than 4 MB: split it into smaller files.'),
    ).toBeVisible();
    expect(api.previewImport).not.toHaveBeenCalled();
  });
});
