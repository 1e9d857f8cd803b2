/**
 * Every CHECK constraint of the schema, by name, with the request field it
 * guards and what to tell the client. The schemas in @cpe/shared refuse the
 * same values first (a property test feeds one to the other on both
 * backends), so a constraint firing means a rule drifted or stored data is
 * older than a rule; either way the client learns which field, never a 500.
 * A unit test fails when a migration creates a constraint missing here.
 */
export interface ConstraintRule {
  field: string;
  message: string;
}

const SINGLE_LINE = 'must be one line, without control characters';

export const CHECK_CONSTRAINTS: Readonly<Record<string, ConstraintRule>> = {
  certifications_certification_name_check: {
    field: 'certification_name',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  certifications_cpe_needed_check: { field: 'cpe_needed', message: 'must be from 0 to 100000' },
  certifications_verification_link_check: {
    field: 'verification_link',
    message:
      'must be an http(s) link starting with http:// or https://, without spaces or control characters',
  },
  certifications_expiry_after_earned: {
    field: 'expiry_date',
    message: 'must not be before earned_date',
  },
  certifications_earned_date_check: {
    field: 'earned_date',
    message: 'must be from 1900-01-01 to 2999-12-31',
  },
  certifications_expiry_date_check: {
    field: 'expiry_date',
    message: 'must be from 1900-01-01 to 2999-12-31',
  },
  certifications_member_id_check: {
    field: 'member_id',
    message: `must be 1 to 100 characters and ${SINGLE_LINE}`,
  },
  certifications_catalogue_id_check: { field: 'catalogue_id', message: 'must be a catalogue id' },
  certifications_unit_check: { field: 'unit', message: 'must be a credit unit of the catalogue' },
  certifications_cycle_months_check: {
    field: 'cycle_months',
    message: 'must be a whole number of months from 1 to 13200',
  },
  certifications_annual_minimum_check: {
    field: 'annual_minimum',
    message: 'must be from 0 to 100000',
  },
  certifications_cycle_with_expiry: {
    field: 'cycle_months',
    message: 'is needed when the certification has an expiry date',
  },
  activities_activity_name_check: {
    field: 'activity_name',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  activities_description_check: {
    field: 'description',
    message:
      'must be at most 5000 characters, without control characters other than line breaks and tabs',
  },
  activities_cpe_units_check: { field: 'cpe_units', message: 'must be from 0 to 100000' },
  activities_activity_date_check: {
    field: 'activity_date',
    message: 'must be from 1900-01-01 to 2999-12-31',
  },
  activities_provider_check: {
    field: 'provider',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  activities_category_check: {
    field: 'category',
    message: `must be 1 to 100 characters and ${SINGLE_LINE}`,
  },
  activity_credits_cpe_units_check: { field: 'credits', message: 'units must be from 0 to 100000' },
  activity_credits_category_check: {
    field: 'category',
    message: `must be 1 to 100 characters and ${SINGLE_LINE}`,
  },
  // Checked before earned_date's own range (alphabetical order): on create it is the earned date.
  certifications_certified_on_check: {
    field: 'earned_date',
    message: 'must be from 1900-01-01 to 2999-12-31',
  },
  certifications_certified_on_earned_check: {
    field: 'certified_on',
    message: 'must not be after earned_date',
  },
  certifications_carried_in_check: { field: 'carried_in', message: 'must be from 0 to 100000' },
  certifications_carried_category_check: {
    field: 'carried_category',
    message: `must be 1 to 100 characters and ${SINGLE_LINE}`,
  },
  certification_cycles_dates: {
    field: 'expiry_date',
    message: 'must not be before the cycle starts',
  },
  reminder_log_kind_check: { field: 'kind', message: 'must be a reminder kind' },
  activity_credits_submitted_on_check: {
    field: 'submitted_on',
    message: 'must be from 1900-01-01 to 2999-12-31',
  },
  certifications_version_check: { field: 'version', message: 'must be 1 or more' },
  activities_version_check: { field: 'version', message: 'must be 1 or more' },
  uploads_file_name_check: {
    field: 'file_name',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  uploads_content_type_check: {
    field: 'content_type',
    message: 'must be application/pdf, image/png, image/jpeg, image/webp or image/heic',
  },
  uploads_size_bytes_check: { field: 'size', message: 'must be from 1 byte to 10 MB' },
  files_file_name_check: {
    field: 'file_name',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  files_content_type_check: {
    field: 'content_type',
    message: 'must be application/pdf, image/png, image/jpeg, image/webp or image/heic',
  },
  files_size_bytes_check: { field: 'size', message: 'must be from 1 byte to 10 MB' },
  user_settings_reminder_lead_days_check: {
    field: 'reminder_lead_days',
    message: 'must be some of 90, 60, 30 and 7',
  },
  user_settings_locale_check: {
    field: 'locale',
    message: 'must be a BCP 47 language tag such as en-GB',
  },
  user_settings_time_zone_check: {
    field: 'time_zone',
    message: 'must be an IANA time zone such as Europe/London',
  },
  user_settings_holder_name_check: {
    field: 'holder_name',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  // Only the database draws it (migration 014): a refusal here is a drifted alphabet.
  users_forwarding_local_check: {
    field: 'forwarding_address',
    message: 'must be 20 letters and digits of the address alphabet',
  },
  user_settings_calendar_token_pair: {
    field: 'calendar_feed',
    message: 'must have its token and the time it was made together',
  },
  contact_messages_name_check: {
    field: 'name',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  contact_messages_message_check: {
    field: 'message',
    message:
      'must be 1 to 5000 characters, without control characters other than line breaks and tabs',
  },
  proposals_source_check: { field: 'source', message: 'must be email, upload or import' },
  proposals_source_label_check: {
    field: 'source_label',
    message: `must be 1 to 300 characters and ${SINGLE_LINE}`,
  },
  proposals_activity_name_check: {
    field: 'activity_name',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  proposals_provider_check: {
    field: 'provider',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  proposals_activity_date_check: {
    field: 'activity_date',
    message: 'must be from 1900-01-01 to 2999-12-31',
  },
  proposals_cpe_units_check: { field: 'cpe_units', message: 'must be from 0 to 100000' },
  proposals_description_check: {
    field: 'description',
    message:
      'must be 1 to 5000 characters, without control characters other than line breaks and tabs',
  },
  proposals_proof_name_check: {
    field: 'file_name',
    message: `must be 1 to 200 characters and ${SINGLE_LINE}`,
  },
  proposals_proof_type_check: {
    field: 'content_type',
    message: 'must be application/pdf, image/png, image/jpeg, image/webp or image/heic',
  },
  proposals_proof_size_check: { field: 'size', message: 'must be from 1 byte to 10 MB' },
  proposals_proof_whole: {
    field: 'proof',
    message: 'must have its key, name, type and size together',
  },
};
