import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import { useAuth } from '../auth/AuthContext';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { addDaysIso, addMonthsIso } from '@cpe/shared/dates';
import { draftKey, removeDraft } from '../lib/drafts';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { PICK_PARAM } from '../paths';
import { type CertificationLayout, EMPTY_CERTIFICATION } from './CertificationFields';
import { CertificationForm } from './CertificationForm';
import { type CertificationValues, prefill } from './certification-rules';
import { type BadgeRead, BadgeUpload } from './BadgeUpload';

/**
 * The product spec's Add Certification fields, in its order and words, with
 * the rules the API accepts beside the figures they qualify.
 */
const ADD_LAYOUT: CertificationLayout = {
  fields: [
    'certification_name',
    'earned_date',
    'cpe_needed',
    'unit',
    'expiry_date',
    'cycle_months',
    'annual_minimum',
    'verification_link',
    'member_id',
    'certified_on',
  ],
  options: {
    cpe_needed: { label: 'Number of CPEs Needed', half: true },
    unit: { half: true },
    expiry_date: { half: true },
    cycle_months: { half: true },
  },
};

/** /addcertification, and /addcertification?catalogue={id} with that entry picked. */
export function AddCertification() {
  usePageTitle('Add Certification');
  const [search] = useSearchParams();
  const picked = search.get(PICK_PARAM);
  const { api } = useApi();
  const entry = useLoad(
    picked ? `catalogue:${picked}` : null,
    () => api.getCatalogueEntry(picked as string),
    {
      failedText: 'We could not load that certification from the catalogue. Please try again.',
      logAs: 'Could not load the catalogue entry',
    },
  );

  return (
    <FormPage title="Add Certification">
      {picked ? (
        <Loaded load={entry} loadingLabel="Loading the certification's rules…">
          {(found) => <NewCertification key={found.id} entry={found} />}
        </Loaded>
      ) : (
        <NewCertification entry={null} />
      )}
    </FormPage>
  );
}

/** The form's values from a badge: its own name, dates and link, the matched entry's rules. */
export function badgeValues(read: BadgeRead): CertificationValues {
  const { prefill: badge, entry } = read;
  const own = {
    ...EMPTY_CERTIFICATION,
    certification_name: badge.certification_name,
    earned_date: badge.earned_date ?? '',
    verification_link: badge.verification_link ?? '',
  };
  const rules = entry ? prefill(own, entry) : {};
  // The badge's expiry is the holder's own; the entry's cycle gives one only when it has none.
  const expiry = badge.expiry_date ?? rules.expiry_date ?? '';
  const months = Number(rules.cycle_months ?? '');
  // A badge renewed since it was issued: its expiry ends a later cycle than the first. That
  // cycle is what counts now, and the issue date is the day first certified. An expiry a day or
  // a month past the first cycle's end (many badges expire on the anniversary) is still the first.
  if (
    badge.expiry_date &&
    rules.expiry_date &&
    Number.isInteger(months) &&
    months > 0 &&
    badge.expiry_date > addMonthsIso(rules.expiry_date, Math.floor(months / 2))
  ) {
    const start = addMonthsIso(addDaysIso(badge.expiry_date, 1), -months);
    return {
      ...own,
      ...rules,
      earned_date: start,
      expiry_date: expiry,
      certified_on: badge.earned_date ?? '',
    };
  }
  return { ...own, ...rules, expiry_date: expiry };
}

function NewCertification(props: { entry: CatalogueEntry | null }) {
  const { user } = useAuth();
  const { api, appUser } = useApi();
  const location = useLocation();
  const [badge, setBadge] = useState<{ read: BadgeRead; count: number } | null>(null);
  const entry = badge ? badge.read.entry : props.entry;
  const initial = badge
    ? badgeValues(badge.read)
    : entry
      ? {
          ...EMPTY_CERTIFICATION,
          certification_name: entry.name,
          ...prefill(EMPTY_CERTIFICATION, entry),
        }
      : EMPTY_CERTIFICATION;
  return (
    <>
      <BadgeUpload
        onRead={(read) => {
          // The badge replaces what was typed: the form starts again from it, and its draft with it.
          removeDraft(draftKey(user?.email, location.pathname.toLowerCase() + location.search));
          setBadge((last) => ({ read, count: (last?.count ?? 0) + 1 }));
        }}
      />
      <CertificationForm
        key={badge?.count ?? 0}
        initial={initial}
        initialEntry={entry}
        followEntry={
          badge ? entry !== null && badge.read.prefill.expiry_date === null : entry !== null
        }
        layout={ADD_LAYOUT}
        submitLabel="Submit"
        send={async (body) => {
          // The spec's request names the user; the API checks it is the caller (decision 002).
          const me = user ? await appUser(user.email) : null;
          return api.createCertification({ ...body, ...(me ? { user_id: me.user_id } : {}) });
        }}
      />
    </>
  );
}
