import { useLocation, useParams } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { type CertificationLayout, certificationValues } from './CertificationFields';
import { CertificationForm } from './CertificationForm';

/**
 * The product spec's Update Certification fields: expiry before the target,
 * which it calls "CPE Needed"; the rules beside the figures they qualify.
 */
const UPDATE_LAYOUT: CertificationLayout = {
  fields: [
    'certification_name',
    'earned_date',
    'expiry_date',
    'cycle_months',
    'cpe_needed',
    'unit',
    'annual_minimum',
    'verification_link',
    'member_id',
    'certified_on',
  ],
  options: {
    expiry_date: { half: true },
    cycle_months: { half: true },
    cpe_needed: { half: true },
    unit: { half: true },
  },
};

/**
 * /updatecertification/{id}. The API answers 404 for a record that is missing
 * or someone else's, which the loader turns into the 404 page; the form
 * exists only once the record (and the catalogue entry it follows) has
 * loaded. An entry that cannot be loaded leaves the form without its rules
 * panel; the record's own figures are all there.
 */
export function UpdateCertification() {
  usePageTitle('Update Certification');
  const { certificationId = '' } = useParams();
  const passedName = (useLocation().state as { name?: string } | null)?.name;
  const { api } = useApi();
  const load = useLoad(
    certificationId,
    async () => {
      const cert = await api.getCertification(certificationId);
      let entry: CatalogueEntry | null = null;
      if (cert.catalogue_id !== null) {
        entry = await api.getCatalogueEntry(cert.catalogue_id).catch((error: unknown) => {
          console.warn('Could not load the catalogue entry', error);
          return null;
        });
      }
      return { cert, entry };
    },
    {
      failedText: 'We could not load this certification. Please try again.',
      logAs: 'Could not load the certification',
    },
  );

  return (
    <FormPage
      title="Update Certification"
      subtitle={passedName && <p className="text-secondary-emphasis text-break">{passedName}</p>}
    >
      <Loaded load={load} loadingLabel="Loading certification…">
        {({ cert, entry }) => (
          <CertificationForm
            key={cert.certification_id}
            initial={certificationValues(cert)}
            initialEntry={entry}
            layout={UPDATE_LAYOUT}
            submitLabel="Update"
            version={cert.version}
            send={(body, version) =>
              api.updateCertification(cert.certification_id, { ...body, version })
            }
          />
        )}
      </Loaded>
    </FormPage>
  );
}
