import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router-dom';
import { type Certification, type Proposal, activityInput } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import { ApiError } from '../api/errors';
import { useAuth } from '../auth/AuthContext';
import type { SessionUser } from '../auth/types';
import { Feedback } from '../components/Feedback';
import { FormPage } from '../components/FormCard';
import { Loaded } from '../components/Loaded';
import { withEntries } from '../lib/catalogue-entries';
import { useInboxCount } from '../lib/inbox-count';
import { namesText } from '../lib/names';
import type { Notice } from '../lib/notice';
import { usePageTitle } from '../lib/page';
import { useToday } from '../lib/today';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import {
  type ActivityField,
  type ActivityLayout,
  activityBody,
  otherCredits,
} from './ActivityFields';
import { ActivityForm } from './ActivityForm';
import { proposedValues } from './AddFromCertificate';
import { ProposalProof, ProposedFieldList, SOURCE_NAMES, proposalTitle } from './Inbox';

/** The fields a proposal may have found, in the form's order. */
const FOUND_FIELDS = [
  'activity_name',
  'provider',
  'description',
  'cpe_units',
  'activity_date',
] as const satisfies readonly ActivityField[];

/**
 * What the form asks for: the certifications it credits (the primary one,
 * the others with their categories from the catalogue) and every field the
 * proposal lacks or that would not pass the form's own check (a date after
 * today); with `all`, every field.
 */
export function acceptLayout(proposal: Proposal, today: string, all: boolean): ActivityLayout {
  const values = proposedValues(toProposal(proposal), '', []);
  const check = activityInput.safeParse(activityBody(values));
  const invalid = new Set(check.success ? [] : check.error.issues.map((i) => String(i.path[0])));
  const missing = FOUND_FIELDS.filter((field) => {
    if (all) return true;
    // A description is optional: its absence is nothing to ask about.
    if (field === 'description') return invalid.has(field);
    const found = proposal.fields[field];
    if (found === null || invalid.has(field)) return true;
    return field === 'activity_date' && typeof found === 'string' && found > today;
  });
  return { fields: ['certification_id', ...missing, 'category', 'credits'] };
}

/** The proposal's fields as Add from a Certificate's prefill reads them (absent, not null). */
function toProposal(proposal: Proposal) {
  const found: Parameters<typeof proposedValues>[0] = {};
  for (const [key, value] of Object.entries(proposal.fields)) {
    if (value !== null) Object.assign(found, { [key]: value });
  }
  return found;
}

/** "CISSP and CCSP" */
function namesOf(ids: readonly string[], certifications: readonly Certification[]): string {
  const names = ids.map(
    (id) => certifications.find((c) => c.certification_id === id)?.certification_name ?? id,
  );
  return namesText(names);
}

/**
 * /inbox/{proposalId}: accepting one proposal. What was found is shown as
 * found; the form asks for the certifications the activity counts for (with
 * each one's category from its catalogue rules) and for what the proposal
 * lacks, with the found fields one click away. Saving creates the activity
 * with the proposal's proof in one step and goes back to the inbox.
 */
export function AcceptProposal() {
  usePageTitle('Accept a Proposed Activity');
  const { proposalId = '' } = useParams();
  const { user } = useAuth();
  const { api, appUser } = useApi();
  const inbox = useInboxCount();
  const today = useToday();
  const [allFields, setAllFields] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const load = useLoad<{
    proposal: Proposal;
    certifications: Certification[];
    entries: ReadonlyMap<string, CatalogueEntry>;
  }>(
    proposalId,
    async () => {
      const me = await appUser((user as SessionUser).email);
      const [proposals, certifications] = await Promise.all([
        api.listProposals(),
        api.listCertifications(me.user_id),
      ]);
      const proposal = proposals.find((p) => p.proposal_id === proposalId);
      // Accepted, dismissed or never there: the 404 page, as for any record.
      if (!proposal) throw new ApiError(404, 'Not found');
      const { entries } = await withEntries(certifications, (id) => api.getCatalogueEntry(id));
      return { proposal, certifications, entries };
    },
    {
      failedText: 'We could not load this proposal. Please try again.',
      logAs: 'Could not load the proposal',
    },
  );

  return (
    <FormPage
      title="Accept a Proposed Activity"
      subtitle={
        <p className="text-secondary-emphasis text-break mb-1">
          {load.data ? proposalTitle(load.data.proposal) : '\u00a0'}
        </p>
      }
    >
      <Loaded load={load}>
        {({ proposal, certifications, entries }) => {
          const only = certifications.length === 1 ? certifications[0] : undefined;
          const layout = acceptLayout(proposal, today, allFields);
          const asked = layout.fields.filter((f) =>
            (FOUND_FIELDS as readonly string[]).includes(f),
          ).length;
          return (
            <>
              <section aria-labelledby="proposal-found" className="proposal-summary mb-3">
                <h2 className="h6 mb-1" id="proposal-found">
                  What was found
                </h2>
                <p className="small text-secondary-emphasis text-break mb-2">
                  <span className="status-badge proposal-source me-2">
                    {SOURCE_NAMES[proposal.source]}
                  </span>
                  {proposal.source_label}
                </p>
                <ProposedFieldList proposal={proposal} withName />
                <ProposalProof proposal={proposal} onFailure={setNotice} />
                <Feedback notice={notice} onClose={() => setNotice(null)} />
                {!allFields && (
                  <p className="small mb-0">
                    {asked === 0
                      ? 'Everything else was found. Choose the certifications it counts for.'
                      : 'Fill in what was not found, and choose the certifications it counts for.'}{' '}
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0 align-baseline"
                      onClick={() => setAllFields(true)}
                    >
                      Change what was found
                    </Button>
                  </p>
                )}
              </section>
              <ActivityForm
                draft={paths.acceptProposal(proposal.proposal_id)}
                initial={proposedValues(
                  toProposal(proposal),
                  only?.certification_id ?? '',
                  certifications,
                )}
                layout={layout}
                certifications={certifications}
                entries={entries}
                submitLabel="Accept"
                cancelTo={paths.inbox}
                send={async (values) => {
                  const created = await api.acceptProposal(proposal.proposal_id, {
                    certification_id: values.certification_id,
                    ...activityBody(values),
                  });
                  inbox.refresh();
                  const credited = namesOf(
                    [values.certification_id, ...otherCredits(values)],
                    certifications,
                  );
                  return {
                    to: paths.inbox,
                    state: {
                      notice: {
                        variant: 'success',
                        text: `${created.activity_name} was added to ${credited}${
                          created.files.length > 0 ? ', with its proof' : ''
                        }.`,
                      },
                    },
                  };
                }}
              />
            </>
          );
        }}
      </Loaded>
    </FormPage>
  );
}
