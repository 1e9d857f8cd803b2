import { useEffect } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { Certification } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import type { ActivityWithOwner } from '../api/activities';
import type { CatalogueEntry } from '../api/catalogue';
import { Feedback } from '../components/Feedback';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { ProofFiles } from '../components/ProofFiles';
import { ArrowLeftIcon } from '../components/icons';
import { withEntries } from '../lib/catalogue-entries';
import type { Notice } from '../lib/notice';
import { usePageTitle } from '../lib/page';
import { reveal } from '../lib/reveal';
import { useLoad } from '../lib/use-load';
import { type ActivityFix, FIX_PARAM, RETURN_PARAM, paths, returnPath } from '../paths';
import { type ActivityLayout, activityBody, activityValues } from './ActivityFields';
import { ActivityForm } from './ActivityForm';

/** The product spec's Update Activity fields and words, and the audit's; its description has several lines. */
const UPDATE_LAYOUT: ActivityLayout = {
  fields: [
    'activity_name',
    'provider',
    'description',
    'cpe_units',
    'activity_date',
    'category',
    'credits',
  ],
  options: {
    activity_name: { label: 'Activity Name' },
    description: { multiline: true },
    activity_date: { label: 'Activity Date' },
  },
};

/** The input that fixes each problem the readiness page sends the user here for. */
const FIX_TARGETS: Record<ActivityFix, string> = {
  proof: '#proof-files input[type="file"]',
  provider: '#field-provider',
  units: '#field-cpe_units',
};

/**
 * /updateactivity/{id}. A record that is missing or someone else's answers
 * 404 (the 404 page); the form exists only once the activity, the user's
 * certifications (it may count for several) and their rules have loaded.
 * Proof files are saved as they are added, apart from the form. Opened from
 * the readiness page to fix one problem, it focuses the input that fixes it
 * and goes back there once saved.
 */
export function UpdateActivity() {
  usePageTitle('Update Activity');
  const { activityId = '' } = useParams();
  const [search] = useSearchParams();
  const returnTo = returnPath(search.get(RETURN_PARAM));
  const fix = search.get(FIX_PARAM);
  const notice = (useLocation().state as { notice?: Notice } | null)?.notice ?? null;
  const { api } = useApi();
  const load = useLoad<{
    activity: ActivityWithOwner;
    certifications: Certification[];
    entries: ReadonlyMap<string, CatalogueEntry>;
  }>(
    activityId,
    async () => {
      // The answer names its owner, the caller: their certifications need no other lookup.
      const activity = await api.getActivity(activityId);
      const all = await api.listCertifications(activity.user_id);
      const { entries } = await withEntries(all, (id) => api.getCatalogueEntry(id));
      return { activity, certifications: all, entries };
    },
    {
      failedText: 'We could not load this page. Please try again.',
      logAs: 'Could not load the page',
    },
  );

  // After the form has focused its first field: the one that fixes the problem instead.
  const loaded = load.data !== undefined;
  useEffect(() => {
    if (!loaded || !returnTo || !fix || !Object.hasOwn(FIX_TARGETS, fix)) return;
    reveal(document.querySelector<HTMLElement>(FIX_TARGETS[fix as ActivityFix]));
  }, [loaded, returnTo, fix]);

  return (
    <FormPage
      title="Update Activity"
      subtitle={
        returnTo && (
          <p className="small mb-2">
            <Link to={returnTo} className="d-inline-flex align-items-center gap-1">
              <ArrowLeftIcon />
              Back to Audit Readiness
            </Link>
          </p>
        )
      }
    >
      <Feedback notice={notice} />
      <Loaded load={load}>
        {({ activity, certifications, entries }) => (
          <>
            <ActivityForm
              key={activity.activity_id}
              initial={activityValues(activity, certifications)}
              layout={UPDATE_LAYOUT}
              certifications={certifications}
              entries={entries}
              submitLabel="Update"
              cancelTo={paths.updateActivityCancel}
              {...(returnTo ? { doneTo: returnTo } : {})}
              // One draft per activity, however the page was opened.
              draft={paths.updateActivity(activity.activity_id)}
              version={activity.version}
              send={async (values, _files, version) => {
                // PUT sends the whole activity object back with the edited fields, as the spec
                // does, naming the version the draft was typed over.
                await api.updateActivity(activity.activity_id, {
                  ...activity,
                  ...activityBody(values),
                  version,
                });
                return true;
              }}
            />
            <hr className="my-4" />
            <ProofFiles
              id="proof-files"
              activityId={activity.activity_id}
              activityName={activity.activity_name}
              files={activity.files}
            />
          </>
        )}
      </Loaded>
    </FormPage>
  );
}
