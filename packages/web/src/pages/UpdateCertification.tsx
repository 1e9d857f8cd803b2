import { useLocation, useParams } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { type CertificationLayout, certificationValues } from './CertificationFields';
import { CertificationForm } from './CertificationForm';

/** The product spec's Update Certification fields: expiry before the target, which it calls "CPE Needed". */
const UPDATE_LAYOUT: CertificationLayout = {
  fields: ['certification_name', 'earned_date', 'expiry_date', 'cpe_needed', 'verification_link'],
};

/**
 * /updatecertification/{id}. The API answers 404 for a record that is missing
 * or someone else's, which the loader turns into the 404 page; the form
 * exists only once the record has loaded.
 */
export function UpdateCertification() {
  usePageTitle('Update Certification');
  const { certificationId = '' } = useParams();
  const passedName = (useLocation().state as { name?: string } | null)?.name;
  const { api } = useApi();
  const load = useLoad(certificationId, () => api.getCertification(certificationId), {
    failedText: 'We could not load this certification. Please try again.',
    logAs: 'Could not load the certification',
  });

  return (
    <FormPage
      title="Update Certification"
      subtitle={passedName && <p className="text-secondary-emphasis text-break">{passedName}</p>}
    >
      <Loaded load={load} loadingLabel="Loading certification…">
        {(cert) => (
          <CertificationForm
            key={cert.certification_id}
            initial={certificationValues(cert)}
            layout={UPDATE_LAYOUT}
            submitLabel="Update"
            send={(body) => api.updateCertification(cert.certification_id, body)}
          />
        )}
      </Loaded>
    </FormPage>
  );
}
