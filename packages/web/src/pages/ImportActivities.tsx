import { type ChangeEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router-dom';
import {
  type Certification,
  IMPORT_FIELDS,
  IMPORT_RULES,
  type ImportField,
  type ImportFormat,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
} from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { ApiError } from '../api/errors';
import { useAuth } from '../auth/AuthContext';
import type { SessionUser } from '../auth/types';
import { FileReadField } from '../components/FileReadField';
import { Loaded } from '../components/Loaded';
import { failureText } from '../lib/failure-text';
import type { Notice } from '../lib/notice';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import { base64Of } from '../lib/base64-file';

export const IMPORT_TEXTS = {
  title: 'Import Activities',
  intro:
    'Bring activities in from a spreadsheet: each row is checked and shown below before anything is saved. Importing the same file again adds nothing twice.',
  label: 'Spreadsheet',
  hint: 'A CSV or Excel (.xlsx) file with a header row, at most 4 MB and 5,000 rows; or this app’s audit report (CSV) or account export (JSON), which need no mapping.',
  tooLarge: (name: string) => `${name} is larger than 4 MB: split it into smaller files.`,
  empty: (name: string) => `${name} is empty: there is nothing in it to import.`,
  failed: (name: string) => `${name} could not be read. Please try again.`,
  importFailed: 'The activities could not be imported. Please try again.',
  staleCertification:
    'The certification chosen for rows that name none is no longer one of yours: choose another.',
  none: 'No column',
  nothingNew: 'Nothing new to import',
};

const FIELD_TEXT: Record<ImportField, string> = {
  date: 'Date',
  title: 'Title',
  provider: 'Provider',
  units: 'Units',
  category: 'Category',
  certification: 'Certification',
  description: 'Description',
};
const REQUIRED: readonly ImportField[] = ['date', 'title', 'units'];

const FORMAT_TEXT: Record<ImportFormat, string> = {
  csv: 'a CSV file',
  xlsx: 'an Excel workbook (its first sheet)',
  'report-csv': 'this app’s audit report: its columns are known',
  'account-json': 'this app’s account export: activities and certifications come back as exported',
};

const STATUS_TEXT: Record<ImportRow['status'], string> = {
  new: 'New',
  duplicate: 'Already there',
  invalid: 'Has errors',
};

const ACCEPT =
  '.csv,.txt,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A refused file, as the API names what is wrong with it. */
function refusalText(fileName: string, error: ApiError): string {
  if (error.fieldErrors.certification_id !== undefined) return IMPORT_TEXTS.staleCertification;
  const why = error.fieldErrors.content_base64;
  return why ? `${fileName} ${why}.` : `${fileName}: ${error.message}`;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "26 rows: 24 new, 1 already there, 1 with errors". */
export function countsText(counts: ImportPreview['counts']): string {
  return `${plural(counts.rows, 'row')}: ${counts.new.toLocaleString('en')} new, ${counts.duplicate.toLocaleString('en')} already there, ${counts.invalid.toLocaleString('en')} with errors`;
}

/** What an import did, in a sentence. */
export function resultText(result: ImportResult): string {
  const parts = [`Imported ${plural(result.created, 'activity', 'activities')}`];
  if (result.certifications_created > 0) {
    parts.push(`created ${plural(result.certifications_created, 'certification')}`);
  }
  parts.push(`${plural(result.duplicates, 'row')} already there`);
  parts.push(`${plural(result.refused.length, 'row')} refused`);
  return `${parts.join('; ')}.`;
}

interface Chosen {
  name: string;
  content: string;
}

/**
 * /import: a spreadsheet in, each row previewed with its errors, then the
 * new rows imported at once (POST /api/imports/preview, POST /api/imports).
 * The mapping starts as the API guessed it from the header row; changing a
 * column or the certification previews again.
 */
export function ImportActivities() {
  usePageTitle(IMPORT_TEXTS.title);
  const { user } = useAuth();
  const { api, appUser } = useApi();
  const load = useLoad<Certification[]>(
    'import',
    async () => {
      const me = await appUser((user as SessionUser).email);
      return api.listCertifications(me.user_id);
    },
    {
      failedText: 'We could not load this page. Please try again.',
      logAs: 'Could not load the page',
    },
  );
  const [reading, setReading] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [file, setFile] = useState<Chosen | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Partial<ImportMapping>>({});
  const [certificationId, setCertificationId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);

  /**
   * Previews `chosen` with the columns and certification given. A re-preview
   * that fails keeps the last good preview and puts back the choices it was
   * made with, so what an import would send is what the page shows.
   */
  async function show(
    chosen: Chosen,
    nextMapping: Partial<ImportMapping>,
    nextCertification: string | null,
    before?: { mapping: Partial<ImportMapping>; certificationId: string | null },
  ) {
    setReading(chosen.name);
    try {
      const answer = await api.previewImport({
        file_name: chosen.name.slice(0, IMPORT_RULES.fileNameLength),
        content_base64: chosen.content,
        mapping: nextMapping,
        ...(nextCertification ? { certification_id: nextCertification } : {}),
      });
      setPreview(answer);
      setCertificationId(answer.certification_id);
    } catch (error) {
      console.error('Could not preview the import', error);
      const stale = error instanceof ApiError && error.fieldErrors.certification_id !== undefined;
      if (stale) {
        setCertificationId(null);
        void load.reload();
      }
      if (before && !stale) {
        setMapping(before.mapping);
        setCertificationId(before.certificationId);
      } else if (!before) setPreview(null);
      setNotice({
        variant: 'danger',
        text:
          error instanceof ApiError && error.status === 400
            ? refusalText(chosen.name, error)
            : failureText(error, IMPORT_TEXTS.failed(chosen.name)),
      });
    } finally {
      setReading(null);
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!picked) return;
    setNotice(null);
    setResult(null);
    setPreview(null);
    if (picked.size === 0 || picked.size > IMPORT_RULES.maxBytes) {
      const text = picked.size === 0 ? IMPORT_TEXTS.empty : IMPORT_TEXTS.tooLarge;
      setNotice({ variant: 'danger', text: text(picked.name) });
      return;
    }
    let content: string;
    try {
      content = await base64Of(picked);
    } catch (error) {
      console.error('Could not read the file', error);
      setNotice({ variant: 'danger', text: IMPORT_TEXTS.failed(picked.name) });
      return;
    }
    const chosen = { name: picked.name, content };
    setFile(chosen);
    setMapping({});
    setCertificationId(null);
    await show(chosen, {}, null);
  }

  function remap(field: ImportField, value: string) {
    if (!file) return;
    const next = { ...mapping, [field]: value === '' ? null : Number(value) };
    setMapping(next);
    setResult(null);
    void show(file, next, certificationId, { mapping, certificationId });
  }

  function recertify(value: string) {
    if (!file) return;
    setCertificationId(value || null);
    setResult(null);
    void show(file, mapping, value || null, { mapping, certificationId });
  }

  async function runImport() {
    if (!file) return;
    setBusy(true);
    setNotice(null);
    try {
      const done = await api.importActivities({
        file_name: file.name.slice(0, IMPORT_RULES.fileNameLength),
        content_base64: file.content,
        mapping,
        ...(certificationId ? { certification_id: certificationId } : {}),
      });
      setResult(done);
      await show(file, mapping, certificationId);
      void load.reload();
    } catch (error) {
      console.error('Could not import', error);
      if (error instanceof ApiError && error.fieldErrors.certification_id !== undefined) {
        // Deleted meanwhile: choose again from the certifications as they are now.
        setCertificationId(null);
        void load.reload();
      }
      setNotice({
        variant: 'danger',
        text:
          error instanceof ApiError && error.status === 400
            ? refusalText(file.name, error)
            : failureText(error, IMPORT_TEXTS.importFailed),
      });
    } finally {
      setBusy(false);
    }
  }

  const mappable = preview !== null && preview.format !== 'account-json';
  const rows = preview
    ? onlyProblems
      ? preview.rows.filter((r) => r.status !== 'new')
      : preview.rows
    : [];

  return (
    <div className="import-page mx-auto">
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-1">{IMPORT_TEXTS.title}</h1>
          <p className="text-secondary-emphasis">{IMPORT_TEXTS.intro}</p>
          <Loaded load={load}>
            {(certifications) => (
              <>
                <FileReadField
                  id="import-file"
                  label={IMPORT_TEXTS.label}
                  hint={IMPORT_TEXTS.hint}
                  accept={ACCEPT}
                  reading={reading}
                  busy={busy}
                  onChoose={(e) => void choose(e)}
                  notice={notice}
                  onCloseNotice={() => setNotice(null)}
                />
                {result && (
                  <Alert variant="success" className="mt-3" role="status">
                    <p className="mb-1">{resultText(result)}</p>
                    <Link className="alert-link" to={paths.myCertifications}>
                      Go to My Certifications
                    </Link>
                  </Alert>
                )}
                {preview && file && (
                  <section aria-labelledby="import-preview-heading" className="mt-3">
                    <h2 id="import-preview-heading" className="h5">
                      Preview of <span className="text-break">{file.name}</span>
                    </h2>
                    <p className="small mb-2">Read as {FORMAT_TEXT[preview.format]}.</p>
                    {preview.new_certifications.length > 0 && (
                      <Alert variant="info" className="small">
                        Importing creates{' '}
                        {plural(preview.new_certifications.length, 'certification')} you do not have
                        yet: {preview.new_certifications.join(', ')}.
                      </Alert>
                    )}
                    {mappable && (
                      <fieldset className="mb-3">
                        <legend className="h6">Columns</legend>
                        <div className="row g-2">
                          {IMPORT_FIELDS.map((field) => (
                            <Form.Group
                              key={field}
                              controlId={`map-${field}`}
                              className="col-6 col-md-4 col-lg-3"
                            >
                              <Form.Label className="small mb-0">
                                {FIELD_TEXT[field]}
                                {REQUIRED.includes(field) && (
                                  <>
                                    <span aria-hidden="true"> *</span>
                                    <span className="visually-hidden"> (required)</span>
                                  </>
                                )}
                              </Form.Label>
                              <Form.Select
                                size="sm"
                                value={preview.mapping[field] ?? ''}
                                onChange={(e) => remap(field, e.currentTarget.value)}
                                disabled={reading !== null || busy}
                              >
                                <option value="">{IMPORT_TEXTS.none}</option>
                                {preview.headers.map((header, i) => (
                                  <option key={i} value={i}>
                                    {header || `Column ${i + 1}`}
                                  </option>
                                ))}
                              </Form.Select>
                            </Form.Group>
                          ))}
                          {certifications.length > 0 && (
                            <Form.Group controlId="map-default" className="col-12 col-lg-6">
                              <Form.Label className="small mb-0">
                                Certification of rows that name none
                              </Form.Label>
                              <Form.Select
                                size="sm"
                                value={certificationId ?? ''}
                                onChange={(e) => recertify(e.currentTarget.value)}
                                disabled={reading !== null || busy}
                              >
                                <option value="">None chosen</option>
                                {certifications.map((c) => (
                                  <option key={c.certification_id} value={c.certification_id}>
                                    {c.certification_name}
                                  </option>
                                ))}
                              </Form.Select>
                            </Form.Group>
                          )}
                        </div>
                      </fieldset>
                    )}
                    <div className="d-flex flex-column flex-md-row align-items-md-center justify-content-between gap-2 mb-2">
                      <p className="mb-0 fw-semibold" role="status">
                        {countsText(preview.counts)}
                      </p>
                      <Form.Check
                        type="switch"
                        id="only-problems"
                        label="Show only rows not imported"
                        checked={onlyProblems}
                        onChange={(e) => setOnlyProblems(e.currentTarget.checked)}
                      />
                    </div>
                    <div
                      className="import-preview mb-3"
                      role="region"
                      aria-label="Rows of the file"
                      // Scrolls on its own: reachable by keyboard.
                      tabIndex={0}
                    >
                      <table className="import-table small mb-0">
                        <caption className="visually-hidden">
                          Each row of the file as it would be imported, with its errors
                        </caption>
                        <thead>
                          <tr>
                            <th scope="col">Row</th>
                            <th scope="col">Status</th>
                            <th scope="col">Date</th>
                            <th scope="col">Title</th>
                            <th scope="col">Provider</th>
                            <th scope="col" className="text-end">
                              Units
                            </th>
                            <th scope="col">Category</th>
                            <th scope="col">Certification</th>
                            <th scope="col">Errors</th>
                          </tr>
                        </thead>
                        <tbody>
                          {rows.map((r) => (
                            <tr
                              key={r.row}
                              className={r.status === 'invalid' ? 'import-invalid' : undefined}
                            >
                              <th scope="row">{r.row}</th>
                              <td className="text-nowrap">
                                {STATUS_TEXT[r.status]}
                                {r.same_as_row !== null && ` (as row ${r.same_as_row})`}
                              </td>
                              <td className="text-nowrap">{r.values.activity_date ?? ''}</td>
                              <td className="text-break">{r.values.activity_name ?? ''}</td>
                              <td className="text-break">{r.values.provider ?? ''}</td>
                              <td className="text-end">{r.values.cpe_units ?? ''}</td>
                              <td className="text-break">
                                {r.values.category_label ?? r.values.category ?? ''}
                              </td>
                              <td className="text-break">{r.values.certification_name ?? ''}</td>
                              <td>
                                {r.errors.length > 0 && (
                                  <ul className="list-unstyled mb-0">
                                    {r.errors.map((e, i) => (
                                      <li key={i}>{e.message}</li>
                                    ))}
                                  </ul>
                                )}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                    <div className="d-flex flex-wrap gap-2">
                      <Button
                        variant="primary"
                        onClick={() => void runImport()}
                        disabled={busy || reading !== null || preview.counts.new === 0}
                      >
                        {busy && (
                          <Spinner
                            animation="border"
                            size="sm"
                            className="me-2"
                            aria-hidden="true"
                          />
                        )}
                        {busy
                          ? 'Importing…'
                          : preview.counts.new === 0
                            ? IMPORT_TEXTS.nothingNew
                            : `Import ${plural(preview.counts.new, 'activity', 'activities')}`}
                      </Button>
                      <Link to={paths.myCertifications} className="btn btn-outline-secondary">
                        Cancel
                      </Link>
                    </div>
                  </section>
                )}
              </>
            )}
          </Loaded>
        </Card.Body>
      </Card>
    </div>
  );
}
