import { useParams } from 'react-router-dom';
import type { Certification } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import type { ActivityWithOwner } from '../api/activities';
import type { CatalogueEntry } from '../api/catalogue';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { ProofFiles } from '../components/ProofFiles';
import { withEntries } from '../lib/catalogue-entries';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
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

/**
 * /updateactivity/{id}. A record that is missing or someone else's answers
 * 404 (the 404 page); the form exists only once the activity, the user's
 * certifications (it may count for several) and their rules have loaded.
 * Proof files are saved as they are added, apart from the form.
 */
export function UpdateActivity() {
  usePageTitle('Update Activity');
  const { activityId = '' } = useParams();
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

  return (
    <FormPage title="Update Activity">
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
              send={async (values) => {
                // PUT sends the whole activity object back with the edited fields, as the spec does.
                await api.updateActivity(activity.activity_id, {
                  ...activity,
                  ...activityBody(values),
                });
                return true;
              }}
            />
            <hr className="my-4" />
            <ProofFiles
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
