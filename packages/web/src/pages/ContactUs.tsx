import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { API_MESSAGES, CONTACT_FAILED_TEXT } from '@cpe/shared/messages';
import { LIMITS, contactBody } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { ApiError } from '../api/errors';
import { DraftNotice } from '../components/DraftNotice';
import { Feedback } from '../components/Feedback';
import { FormCard } from '../components/FormCard';
import { FormField } from '../components/FormField';
import { LeaveDialog } from '../components/LeaveDialog';
import { fieldErrorsFrom } from '../lib/form-errors';
import { usePageTitle } from '../lib/page';
import { useForm } from '../lib/use-form';
import { paths } from '../paths';

export const CONTACT_TEXTS = {
  sent: API_MESSAGES.contactSent,
  failed: CONTACT_FAILED_TEXT,
  /** Past the sending limit: the API's own words, so the visitor waits instead of retrying (decision 005). */
  tooMany: API_MESSAGES.contactRateLimited,
};

const EMPTY = { name: '', email: '', message: '' };

export function ContactUs() {
  usePageTitle('Contact Us');
  const { api } = useApi();
  const form = useForm(EMPTY);
  // Every input here carries the contact- id prefix.
  const contactField = (name: keyof typeof EMPTY) => ({ idPrefix: 'contact', ...form.field(name) });

  const submit = form.onSubmit({
    validate() {
      const check = contactBody.safeParse(form.values);
      return check.success ? {} : fieldErrorsFrom(check.error);
    },
    async send() {
      await api.submitContact(form.values);
      // Sent: go home, where the confirmation is shown.
      form.leave(paths.home, { state: { flash: CONTACT_TEXTS.sent } });
    },
    failedText: (error) =>
      error instanceof ApiError && error.status === 429
        ? CONTACT_TEXTS.tooMany
        : CONTACT_TEXTS.failed,
    logAs: 'Contact form failed',
  });

  return (
    <FormCard width="form">
      <h1 className="h3 mb-2">Contact Us</h1>
      <p className="text-secondary-emphasis">
        Questions, feedback or ideas? Send us a message and we&apos;ll get back to you.
      </p>
      <DraftNotice draft={form.draft} />
      <Feedback notice={form.formError} focus />
      <Form ref={form.formRef} noValidate onSubmit={submit}>
        <FormField
          {...contactField('name')}
          label="Name"
          required
          autoComplete="name"
          maxLength={LIMITS.nameLength}
        />
        <FormField
          {...contactField('email')}
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={LIMITS.emailLength}
        />
        <FormField
          {...contactField('message')}
          label="Your Message"
          as="textarea"
          rows={6}
          required
          maxLength={LIMITS.messageLength}
        />
        <div className="d-flex gap-2 mt-4">
          <Button type="submit" disabled={form.busy}>
            {form.busy ? 'Sending…' : 'Submit'}
          </Button>
          <Link to={paths.home} className="btn btn-outline-secondary">
            Back to Home
          </Link>
        </div>
      </Form>
      <LeaveDialog guard={form.leaveGuard} />
    </FormCard>
  );
}
