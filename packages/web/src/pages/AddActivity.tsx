import { useParams } from 'react-router-dom';
import type { Certification } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';
import type { SessionUser } from '../auth/types';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import { type ActivityLayout, activityBody, emptyActivity } from './ActivityFields';
import { ActivityForm } from './ActivityForm';

const FIELDS = ['activity_name', 'description', 'cpe_units', 'activity_date'] as const;

/** The product spec's Add Activity fields, with a certification picker when the URL names none. */
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
  const load = useLoad<{ certifications: Certification[]; fixed: Certification | null }>(
    certificationId ?? 'picker',
    async () => {
      if (certificationId) {
        const cert = await api.getCertification(certificationId);
        return { certifications: [cert], fixed: cert };
      }
      // Signed-in pages only (RequireAuth), so the session has a user.
      const me = await appUser((user as SessionUser).email);
      return { certifications: await api.listCertifications(me.user_id), fixed: null };
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
        fixed && (
          <p className="text-secondary-emphasis text-break">For {fixed.certification_name}</p>
        )
      }
    >
      <Loaded load={load}>
        {({ certifications, fixed: forOne }) => {
          const only = certifications.length === 1 ? certifications[0] : undefined;
          return (
            <ActivityForm
              key={forOne?.certification_id ?? 'picker'}
              initial={emptyActivity(forOne?.certification_id ?? only?.certification_id)}
              layout={forOne ? FOR_ONE : PICKING}
              certifications={certifications}
              submitLabel="Add"
              cancelTo={paths.myCertifications}
              send={async (values) => {
                const created = await api.createActivity({
                  certification_id: values.certification_id,
                  ...activityBody(values),
                });
                // The spec goes back to the list only when the answer carries the new id.
                return Boolean(created.activity_id);
              }}
            />
          );
        }}
      </Loaded>
    </FormPage>
  );
}
