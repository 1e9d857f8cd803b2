import { useParams } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import { type ActivityLayout, activityBody, activityValues } from './ActivityFields';
import { ActivityForm } from './ActivityForm';

/** The product spec's Update Activity fields and words; its description has several lines. */
const UPDATE_LAYOUT: ActivityLayout = {
  fields: ['activity_name', 'description', 'cpe_units', 'activity_date'],
  options: {
    activity_name: { label: 'Activity Name' },
    description: { multiline: true },
    activity_date: { label: 'Activity Date' },
  },
};

/**
 * /updateactivity/{id}. A record that is missing or someone else's answers
 * 404 (the 404 page); the form exists only once the activity has loaded.
 */
export function UpdateActivity() {
  usePageTitle('Update Activity');
  const { activityId = '' } = useParams();
  const { api } = useApi();
  const load = useLoad(activityId, () => api.getActivity(activityId), {
    failedText: 'We could not load this page. Please try again.',
    logAs: 'Could not load the page',
  });

  return (
    <FormPage title="Update Activity">
      <Loaded load={load}>
        {(activity) => (
          <ActivityForm
            key={activity.activity_id}
            initial={activityValues(activity)}
            layout={UPDATE_LAYOUT}
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
        )}
      </Loaded>
    </FormPage>
  );
}
