import { type ChangeEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router-dom';
import type { Certification } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import type { Proposal } from '../api/evidence';
import { useAuth } from '../auth/AuthContext';
import type { SessionUser } from '../auth/types';
import { FileReadField } from '../components/FileReadField';
import type { Notice } from '../lib/notice';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { withEntries } from '../lib/catalogue-entries';
import { draftKey, readDraft, removeDraft, writeDraft } from '../lib/drafts';
import { failureText } from '../lib/failure-text';
import { usePageTitle } from '../lib/page';
import { PROOF_ACCEPT, proofProblem } from '../lib/proof';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import {
  type ActivityLayout,
  type ActivityValues,
  activityBody,
  emptyActivity,
} from './ActivityFields';
import { ActivityForm } from './ActivityForm';
import { ADD_FIELDS, PROOF_NOT_ATTACHED } from './AddActivity';

export const CERTIFICATE_TEXTS = {
  intro:
    'Upload a certificate of completion (a PDF or an image with its text): the activity is filled in from it for you to check. Nothing is saved until you do.',
  read: 'Filled in from the certificate. Check every field and correct anything before saving.',
  unread:
    'We could not read an activity from this certificate. Fill it in yourself; the certificate will be attached as its proof.',
};

const LAYOUT: ActivityLayout = { fields: ['certification_id', ...ADD_FIELDS] };

/** The form's values with what the certificate says filled in. */
export function proposedValues(
  proposal: Proposal,
  certificationId: string,
  certifications: readonly Pick<Certification, 'certification_id'>[],
): ActivityValues {
  return {
    ...emptyActivity(certificationId, certifications),
    activity_name: proposal.activity_name ?? '',
    provider: proposal.provider ?? '',
    activity_date: proposal.activity_date ?? '',
    cpe_units:
      proposal.cpe_units === undefined || proposal.cpe_units === null
        ? ''
        : String(proposal.cpe_units),
    description: proposal.description ?? '',
  };
}

interface CertificateRead {
  uploadId: string;
  fileName: string;
  proposal: Proposal;
}

/** The form's draft for one certificate read: another certificate is another form. */
const formDraft = (uploadId: string) => `${paths.addFromCertificate}?upload=${uploadId}`;

/**
 * The certificate read before a reload or a sign-in, while the form filled
 * from it still has a draft (left on purpose or saved, the form starts over).
 */
function savedRead(key: string, email: string | undefined): CertificateRead | null {
  const saved = readDraft(key)?.values;
  const uploadId = saved && Object.hasOwn(saved, 'upload_id') ? saved.upload_id : undefined;
  const fileName = saved && Object.hasOwn(saved, 'file_name') ? saved.file_name : undefined;
  if (!uploadId || !fileName || !readDraft(draftKey(email, formDraft(uploadId)))) {
    removeDraft(key);
    return null;
  }
  const proposal: Proposal = {};
  try {
    const parsed: unknown = JSON.parse(saved?.proposal ?? '{}');
    const read = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
      string,
      unknown
    >;
    // Only what a proposal holds, as it holds it: the storage is the user's to edit.
    for (const key of ['activity_name', 'provider', 'activity_date', 'description'] as const) {
      const value = read[key];
      if (typeof value === 'string') proposal[key] = value;
    }
    if (typeof read.cpe_units === 'number') proposal.cpe_units = read.cpe_units;
  } catch {
    // The form's draft holds what matters: the values as the user left them.
  }
  return { uploadId, fileName, proposal };
}

/** Whether the certificate gave anything to fill in. */
const proposesSomething = (proposal: Proposal) =>
  Object.values(proposal).some((value) => value !== undefined && value !== null && value !== '');

/**
 * /addfromcertificate: the certificate first. It is uploaded to the evidence
 * bucket (as any proof), its text read into a proposed activity, and the Add
 * Activity form shown filled in; the activity is created only when the user
 * saves it, and the certificate is then attached as its proof.
 */
export function AddFromCertificate() {
  usePageTitle('Add from a Certificate');
  const { user } = useAuth();
  const { api, appUser } = useApi();
  const load = useLoad<{
    certifications: Certification[];
    entries: ReadonlyMap<string, CatalogueEntry>;
  }>(
    'certificate',
    async () => {
      const me = await appUser((user as SessionUser).email);
      const all = await api.listCertifications(me.user_id);
      return {
        certifications: all,
        entries: (await withEntries(all, (id) => api.getCatalogueEntry(id))).entries,
      };
    },
    {
      failedText: 'We could not load this page. Please try again.',
      logAs: 'Could not load the page',
    },
  );
  const [reading, setReading] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The certificate read, kept with the form's draft: a reload or a sign-in comes back to the form.
  const readKey = draftKey(user?.email, paths.addFromCertificate);
  const [read, setReadState] = useState<CertificateRead | null>(() =>
    savedRead(readKey, user?.email),
  );
  function setRead(next: CertificateRead) {
    setReadState(next);
    writeDraft(readKey, {
      values: {
        upload_id: next.uploadId,
        file_name: next.fileName,
        proposal: JSON.stringify(next.proposal),
      },
    });
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setNotice(null);
    const problem = proofProblem(file);
    if (problem) {
      setNotice({ variant: 'danger', text: problem });
      return;
    }
    setReading(file.name);
    try {
      const upload = await api.uploadFile(file);
      const proposal = await api.proposeActivity(upload.upload_id);
      setRead({ uploadId: upload.upload_id, fileName: file.name, proposal });
    } catch (error) {
      console.error('Could not read the certificate', error);
      setNotice({
        variant: 'danger',
        text: failureText(error, `${file.name} could not be uploaded. Please try again.`),
      });
    } finally {
      setReading(null);
    }
  }

  return (
    <FormPage title="Add from a Certificate">
      <Loaded load={load}>
        {({ certifications, entries }) => {
          if (certifications.length === 0) {
            return (
              <Alert variant="info">
                You have no certifications yet.{' '}
                <Link className="alert-link" to={paths.addCertification}>
                  Add one first
                </Link>
                .
              </Alert>
            );
          }
          if (read) {
            const only = certifications.length === 1 ? certifications[0] : undefined;
            return (
              <>
                <Alert
                  variant={proposesSomething(read.proposal) ? 'info' : 'warning'}
                  className="small"
                >
                  <span className="fw-semibold text-break">{read.fileName}</span>:{' '}
                  {proposesSomething(read.proposal)
                    ? CERTIFICATE_TEXTS.read
                    : CERTIFICATE_TEXTS.unread}
                </Alert>
                <ActivityForm
                  key={read.uploadId}
                  draft={formDraft(read.uploadId)}
                  initial={proposedValues(
                    read.proposal,
                    only?.certification_id ?? '',
                    certifications,
                  )}
                  layout={LAYOUT}
                  certifications={certifications}
                  entries={entries}
                  submitLabel="Save Activity"
                  cancelTo={paths.myCertifications}
                  send={async (values) => {
                    const created = await api.createActivity({
                      certification_id: values.certification_id,
                      ...activityBody(values),
                    });
                    try {
                      await api.attachFile(created.activity_id, read.uploadId);
                    } catch (error) {
                      // The activity is saved: saving again would make a second one. Its own page
                      // says it has no proof and takes the certificate again.
                      console.error('Could not attach the certificate', error);
                      return {
                        to: paths.updateActivity(created.activity_id),
                        state: {
                          notice: {
                            variant: 'warning',
                            text: PROOF_NOT_ATTACHED([read.fileName]),
                          },
                        },
                      };
                    }
                    return true;
                  }}
                />
              </>
            );
          }
          return (
            <>
              <p>{CERTIFICATE_TEXTS.intro}</p>
              <FileReadField
                id="certificate-file"
                label="Certificate"
                hint="PDF, PNG, JPEG, WebP or HEIC, at most 10 MB."
                accept={PROOF_ACCEPT}
                reading={reading}
                onChoose={(e) => void choose(e)}
                notice={notice}
                onCloseNotice={() => setNotice(null)}
              />
            </>
          );
        }}
      </Loaded>
    </FormPage>
  );
}
