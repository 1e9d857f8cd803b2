import { Link, useParams } from 'react-router-dom';
import type { Certification } from '@cpe/shared/schemas';
import type { Api } from '../api/api';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import { ApiError } from '../api/errors';
import { useAuth } from '../auth/AuthContext';
import type { SessionUser } from '../auth/types';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { withEntries } from '../lib/catalogue-entries';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import { type ActivityLayout, activityBody, emptyActivity } from './ActivityFields';
import { ActivityForm, ProofUploadFailed, type SaveOutcome } from './ActivityForm';

export const ADD_FIELDS = [
  'activity_name',
  'provider',
  'description',
  'cpe_units',
  'activity_date',
  'category',
  'credits',
] as const;
const FIELDS = ADD_FIELDS;

/**
 * The product spec's Add Activity fields and the audit's (provider, category,
 * the other certifications it counts for), with a certification picker when
 * the URL names none.
 */
const FOR_ONE: ActivityLayout = { fields: FIELDS };
const PICKING: ActivityLayout = { fields: ['certification_id', ...FIELDS] };

/**
 * /addactivity/{certId} adds to that certification (named under the title);
 * /addactivity lets the user pick one of theirs (chosen already when there is
 * only one). Either way the form appears once what it needs has loaded.
 */
export function AddActivity() {
  usePageTitle('Add Activity');
  const { certificationId } = useParams();
  const { user } = useAuth();
  const { api, appUser } = useApi();
  const load = useLoad<{
    certifications: Certification[];
    fixed: Certification | null;
    entries: ReadonlyMap<string, CatalogueEntry>;
  }>(
    certificationId ?? 'picker',
    async () => {
      // Signed-in pages only (RequireAuth), so the session has a user. Every certification
      // is listed: the activity may count for several.
      const me = await appUser((user as SessionUser).email);
      const all = await api.listCertifications(me.user_id);
      const fixed = certificationId
        ? all.find((c) => c.certification_id === certificationId)
        : null;
      // Missing or someone else's: the 404 page, as for any record.
      if (fixed === undefined) throw new ApiError(404, 'Not found');
      const { entries } = await withEntries(all, (id) => api.getCatalogueEntry(id));
      return { certifications: all, fixed, entries };
    },
    {
      failedText: 'We could not load this page. Please try again.',
      logAs: 'Could not load the page',
    },
  );
  const fixed = load.data?.fixed;

  return (
    <FormPage
      title="Add Activity"
      subtitle={
        <>
          {/* Held while the certification loads, so the line under it never moves. */}
          {certificationId && (
            <p className="text-secondary-emphasis text-break mb-1">
              {fixed ? `For ${fixed.certification_name}` : '\u00a0'}
            </p>
          )}
          <p className="small">
            Have a certificate of completion?{' '}
            <Link to={paths.addFromCertificate}>Add from a certificate</Link>
          </p>
        </>
      }
    >
      <Loaded load={load}>
        {({ certifications, fixed: forOne, entries }) => {
          const only = certifications.length === 1 ? certifications[0] : undefined;
          return (
            <ActivityForm
              key={forOne?.certification_id ?? 'picker'}
              initial={emptyActivity(
                forOne?.certification_id ?? only?.certification_id,
                certifications,
              )}
              layout={forOne ? FOR_ONE : PICKING}
              certifications={certifications}
              entries={entries}
              submitLabel="Add"
              cancelTo={paths.myCertifications}
              withProof
              send={(values, files) =>
                createWithProof(
                  api,
                  { certification_id: values.certification_id, ...activityBody(values) },
                  files,
                )
              }
            />
          );
        }}
      </Loaded>
    </FormPage>
  );
}

export const PROOF_NOT_ATTACHED = (names: readonly string[]) =>
  `The activity has been saved, but ${names.join(', ')} could not be attached. Please add ${names.length === 1 ? 'it' : 'them'} again here.`;

/**
 * Saves a new activity with its proof: each file is sent to the evidence
 * bucket first (a failure there leaves nothing saved, and the form as it was),
 * then the activity is created and the files attached to it. A file that
 * cannot be attached once the activity exists is not a reason to save it
 * twice: its page says so and takes the file again.
 */
export async function createWithProof(
  api: Pick<Api, 'uploadFile' | 'createActivity' | 'attachFile'>,
  body: Parameters<Api['createActivity']>[0],
  files: readonly File[],
): Promise<SaveOutcome> {
  const uploads: { name: string; id: string }[] = [];
  for (const file of files) {
    try {
      uploads.push({ name: file.name, id: (await api.uploadFile(file)).upload_id });
    } catch (error) {
      // A lost session is the caller's to handle (the save is made again after signing in).
      if (error instanceof ApiError && error.status === 401) throw error;
      throw new ProofUploadFailed(file.name, { cause: error });
    }
  }
  const created = await api.createActivity(body);
  // The spec goes back to the list only when the answer carries the new id.
  if (!created.activity_id) return false;
  const failed: string[] = [];
  for (const upload of uploads) {
    try {
      await api.attachFile(created.activity_id, upload.id);
    } catch (error) {
      console.error('Could not attach the proof file', upload.name, error);
      failed.push(upload.name);
    }
  }
  if (failed.length === 0) return true;
  return {
    to: paths.updateActivity(created.activity_id),
    state: { notice: { variant: 'warning', text: PROOF_NOT_ATTACHED(failed) } },
  };
}
