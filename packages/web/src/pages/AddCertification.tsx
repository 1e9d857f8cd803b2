import { useApi } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';
import { FormPage } from '../components/FormCard';
import { usePageTitle } from '../lib/page';
import { type CertificationLayout, EMPTY_CERTIFICATION } from './CertificationFields';
import { CertificationForm } from './CertificationForm';

/** The product spec's Add Certification fields, in its order and words. */
const ADD_LAYOUT: CertificationLayout = {
  fields: ['certification_name', 'earned_date', 'cpe_needed', 'expiry_date', 'verification_link'],
  options: { cpe_needed: { label: 'Number of CPEs Needed' } },
};

/** /addcertification */
export function AddCertification() {
  usePageTitle('Add Certification');
  const { user } = useAuth();
  const { api, appUser } = useApi();

  return (
    <FormPage title="Add Certification">
      <CertificationForm
        initial={EMPTY_CERTIFICATION}
        layout={ADD_LAYOUT}
        submitLabel="Submit"
        send={async (body) => {
          // The spec's request names the user; the API checks it is the caller (decision 002).
          const me = user ? await appUser(user.email) : null;
          return api.createCertification({ ...body, ...(me ? { user_id: me.user_id } : {}) });
        }}
      />
    </FormPage>
  );
}
