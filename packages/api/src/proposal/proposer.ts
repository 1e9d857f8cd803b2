/**
 * Proposes an activity from a certificate's text: with an OpenAI key, a
 * structured extraction (a JSON schema response through the `openai`
 * package, loaded on first use as for recommendations); without one, or when
 * the call fails or answers nonsense, the offline rules. Whatever the model
 * says is checked as user input would be before anyone sees it.
 */
import * as z from 'zod/mini';
import type { ActivityProposal } from '@cpe/shared';
import { isRealIsoDate } from '@cpe/shared/dates';
import type { ApiConfig } from '../config';
import { logger } from '../log';
import { type ChatClient, createOpenAiClient, openAiKeyFromSecret } from '../recommend/openai';
import { failureSummary } from '../recommend/recommender';
import type { SecretReader } from '../secrets';
import type { JsonSchemaFormat } from '../recommend/openai-sdk';
import { proposeFromText } from './rules';

export interface Proposer {
  propose(text: string, today: string, requestId: string): Promise<ActivityProposal>;
}

export interface ProposerDeps {
  apiKey(): Promise<string | undefined>;
  createClient(apiKey: string): ChatClient;
  model: string;
}

/** The certificate text sent to the model stops here: a certificate is short. */
const MAX_TEXT = 6000;

const FIELDS = ['activity_name', 'provider', 'activity_date', 'cpe_units', 'description'] as const;

export const PROPOSAL_FORMAT: JsonSchemaFormat = {
  type: 'json_schema',
  json_schema: {
    name: 'certificate_activity',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: [...FIELDS],
      properties: {
        activity_name: {
          type: ['string', 'null'],
          description: 'The course, event or session title',
        },
        provider: {
          type: ['string', 'null'],
          description: 'Who presented, issued or sponsored it',
        },
        activity_date: {
          type: ['string', 'null'],
          description: 'The date of the activity (completion), YYYY-MM-DD',
        },
        cpe_units: {
          type: ['number', 'null'],
          description: 'CPE, CPD, CEU or PDU credits or hours awarded',
        },
        description: { type: ['string', 'null'], description: 'One sentence on the content' },
      },
    },
  },
};

const completion = z.object({
  choices: z.tuple([z.object({ message: z.object({ content: z.string() }) })], z.unknown()),
});

export type ModelAnswer = z.infer<typeof answer>;

const answer = z.object({
  activity_name: z.nullable(z.string()),
  provider: z.nullable(z.string()),
  activity_date: z.nullable(z.string()),
  cpe_units: z.nullable(z.number()),
  description: z.nullable(z.string()),
});

/** Only what would pass the activity form's own rules. */
export function checkedProposal(raw: ModelAnswer, today: string): ActivityProposal {
  const text = (s: string | null, max: number) => {
    const v = s?.replace(/\s+/g, ' ').trim();
    return v && v.length <= max ? v : undefined;
  };
  const proposal: ActivityProposal = {};
  const name = text(raw.activity_name, 200);
  if (name) proposal.activity_name = name;
  const provider = text(raw.provider, 200);
  if (provider) proposal.provider = provider;
  if (raw.activity_date && isRealIsoDate(raw.activity_date) && raw.activity_date <= today) {
    proposal.activity_date = raw.activity_date;
  }
  if (raw.cpe_units !== null && raw.cpe_units > 0 && raw.cpe_units <= 1000) {
    proposal.cpe_units = Math.round(raw.cpe_units * 100) / 100;
  }
  const description = text(raw.description, 2000);
  if (description) proposal.description = description;
  return proposal;
}

/** The proposer the configuration asks for: OpenAI when a key secret is set, the rules otherwise. */
export function proposerFor(
  config: Pick<ApiConfig, 'OPENAI_SECRET_ARN' | 'OPENAI_MODEL' | 'OPENAI_BASE_URL'>,
  secrets: SecretReader,
): Proposer {
  return createProposer({
    apiKey: () =>
      openAiKeyFromSecret((arn) => secrets.getSecretJson(arn), config.OPENAI_SECRET_ARN),
    createClient: (apiKey) => createOpenAiClient(apiKey, { baseURL: config.OPENAI_BASE_URL }),
    model: config.OPENAI_MODEL,
  });
}

export function createProposer(deps: ProposerDeps): Proposer {
  return {
    async propose(text, today, requestId) {
      const offline = () => proposeFromText(text, today);
      let key: string | undefined;
      try {
        key = await deps.apiKey();
      } catch (error) {
        logger.warn('AI key unavailable; rules used', { requestId, ...failureSummary(error) });
      }
      if (!key) return offline();
      try {
        const reply = await deps.createClient(key).complete({
          model: deps.model,
          response_format: PROPOSAL_FORMAT,
          messages: [
            {
              role: 'system',
              content:
                'You read the text of a certificate of completion or attendance and extract the activity it certifies. Answer null for anything the text does not state. Dates as YYYY-MM-DD.',
            },
            { role: 'user', content: text.slice(0, MAX_TEXT) },
          ],
        });
        const content = completion.parse(reply).choices[0].message.content;
        const proposal = checkedProposal(answer.parse(JSON.parse(content)), today);
        // A model that found nothing is no better than the rules.
        return Object.keys(proposal).length > 0 ? proposal : offline();
      } catch (error) {
        logger.warn('AI extraction failed; rules used', { requestId, ...failureSummary(error) });
        return offline();
      }
    },
  };
}
