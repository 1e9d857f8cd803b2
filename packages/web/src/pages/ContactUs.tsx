import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router-dom';
import { LIMITS, contactBody } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { ApiError } from '../api/client';
import { FormCard } from '../components/FormCard';
import { FormField } from '../components/FormField';
import { fieldErrorsFrom } from '../lib/form-errors';
import { usePageTitle } from '../lib/page';
import { useApiForm } from '../lib/use-api-form';
import { paths } from '../paths';

export const CONTACT_TEXTS = {
  sent: 'Your message has been sent. Thank you!',
  failed: 'There was a problem sending your message. Please try again later.',
  tooMany:
    'You have sent several messages recently. Please wait an hour before sending another one.',
};

const EMPTY = { name: '', email: '', message: '' };

export function ContactUs() {
  usePageTitle('Contact Us');
  const { api } = useApi();
  const navigate = useNavigate();
  const { fields, setFields, field, formError, setFormError, busy, save, showFailure } =
    useApiForm(EMPTY);
  // Every input here carries the contact- id prefix.
  const contactField = (name: keyof typeof EMPTY) => ({ idPrefix: 'contact', ...field(name) });

  function submit(event: FormEvent) {
    event.preventDefault();
    void save({
      validate() {
        const check = contactBody.safeParse(fields);
        return check.success ? {} : fieldErrorsFrom(check.error);
      },
      async send() {
        await api.submitContact(fields);
        // Sent: reset the form and go home, where the confirmation is shown.
        setFields(EMPTY);
        navigate(paths.home, { state: { flash: CONTACT_TEXTS.sent } });
      },
      onError(error) {
        console.error('Contact form failed', error);
        if (error instanceof ApiError && error.status === 429) setFormError(CONTACT_TEXTS.tooMany);
        else showFailure(error, CONTACT_TEXTS.failed);
      },
    });
  }

  return (
    <FormCard width="form">
      <h1 className="h3 mb-2">Contact Us</h1>
      <p className="text-secondary-emphasis">
        Questions, feedback or ideas? Send us a message and we&apos;ll get back to you.
      </p>
      <div aria-live="assertive">{formError && <Alert variant="danger">{formError}</Alert>}</div>
      <Form noValidate onSubmit={submit}>
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
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Submit'}
          </Button>
          <Link to={paths.home} className="btn btn-outline-secondary">
            Back to Home
          </Link>
        </div>
      </Form>
    </FormCard>
  );
}
