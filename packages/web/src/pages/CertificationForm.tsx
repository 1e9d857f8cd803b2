import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { certificationInput, createCertificationBody } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { ApiError, isNotFound } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { FormCard, RequiredFieldsNote } from '../components/FormCard';
import { FormField } from '../components/FormField';
import { PageSpinner } from '../components/PageSpinner';
import { fieldErrorsFrom } from '../lib/form-errors';
import { usePageTitle } from '../lib/page';
import { useApiForm } from '../lib/use-api-form';
import { paths } from '../paths';

interface Fields {
  certification_name: string;
  earned_date: string;
  cpe_needed: string;
  expiry_date: string;
  verification_link: string;
}

const EMPTY: Fields = {
  certification_name: '',
  earned_date: '',
  cpe_needed: '',
  expiry_date: '',
  verification_link: '',
};

/** Add Certification (/addcertification) and Update Certification (/updatecertification/{id}). */
export function CertificationForm(props: { mode: 'add' | 'update' }) {
  const { mode } = props;
  const { certificationId } = useParams();
  const location = useLocation();
  const passedName = (location.state as { name?: string } | null)?.name;
  const navigate = useNavigate();
  const { user } = useAuth();
  const { api, appUser } = useApi();

  const { fields, setFields, field, errors, formError, setFormError, busy, save, showFailure } =
    useApiForm<Fields>(EMPTY);
  const [loading, setLoading] = useState(mode === 'update');
  const title = mode === 'add' ? 'Add Certification' : 'Update Certification';
  usePageTitle(title);

  useEffect(() => {
    if (mode !== 'update' || !certificationId || !user) return;
    let cancelled = false;
    Promise.all([api.getCertification(certificationId), appUser(user.email)])
      .then(([cert, me]) => {
        if (cancelled) return;
        // Only the owner may edit; the API already answers 404 for anyone else's record.
        if (cert.user_id !== me.user_id) {
          navigate(paths.notFound, { replace: true });
          return;
        }
        setFields({
          certification_name: cert.certification_name,
          earned_date: cert.earned_date,
          cpe_needed: cert.cpe_needed === null ? '' : String(cert.cpe_needed),
          expiry_date: cert.expiry_date ?? '',
          verification_link: cert.verification_link ?? '',
        });
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isNotFound(error)) {
          navigate(paths.notFound, { replace: true });
          return;
        }
        console.error('Could not load the certification', error);
        setFormError('We could not load this certification. Please try again.');
        setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [mode, certificationId, user, api, appUser, navigate, setFields, setFormError]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    // The spec's empty cpe_needed and expiry_date travel as null.
    const body = {
      certification_name: fields.certification_name,
      earned_date: fields.earned_date,
      cpe_needed: fields.cpe_needed.trim() === '' ? null : fields.cpe_needed,
      expiry_date: fields.expiry_date === '' ? null : fields.expiry_date,
      verification_link: fields.verification_link.trim() === '' ? null : fields.verification_link,
    };
    void save({
      validate() {
        const check = (mode === 'add' ? createCertificationBody : certificationInput).safeParse(
          body,
        );
        const clientErrors = check.success ? {} : fieldErrorsFrom(check.error);
        if (fields.earned_date === '') clientErrors.earned_date = 'earned_date is required';
        return clientErrors;
      },
      async send() {
        if (mode === 'add') {
          const me = await appUser(user.email);
          await api.createCertification({ ...body, user_id: me.user_id });
        } else {
          await api.updateCertification(certificationId as string, body);
        }
        navigate(paths.myCertifications);
      },
      onError(error) {
        if (isNotFound(error) && mode === 'update') {
          navigate(paths.notFound, { replace: true });
          return;
        }
        console.error('Saving the certification failed', error);
        showFailure(
          error,
          error instanceof ApiError && error.status === 400
            ? error.message
            : 'The certification could not be saved. Please try again.',
        );
      },
    });
  }

  // The update form lists these two in the other order and names the CPE field differently.
  const cpeNeeded = (
    <FormField
      {...field('cpe_needed')}
      label={mode === 'add' ? 'Number of CPEs Needed' : 'CPE Needed'}
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
    />
  );
  const expiryDate = (
    <FormField
      {...field('expiry_date')}
      label="Expiry Date"
      type="date"
      hint="Leave empty if the certification does not expire."
    />
  );

  return (
    <FormCard width="form">
      <h1 className="h3 mb-1">{title}</h1>
      {mode === 'update' && passedName && (
        <p className="text-secondary-emphasis text-break">{passedName}</p>
      )}
      <RequiredFieldsNote />
      {formError && <Alert variant="danger">{formError}</Alert>}
      {errors.body && <Alert variant="danger">{errors.body}</Alert>}
      {loading ? (
        <PageSpinner label="Loading certification…" />
      ) : (
        <Form noValidate onSubmit={submit}>
          <FormField
            {...field('certification_name')}
            label="Certification Name"
            required
            maxLength={200}
          />
          <FormField {...field('earned_date')} label="Earned Date" type="date" required />
          {mode === 'add' ? (
            <>
              {cpeNeeded}
              {expiryDate}
            </>
          ) : (
            <>
              {expiryDate}
              {cpeNeeded}
            </>
          )}
          <FormField
            {...field('verification_link')}
            label="Verification Link"
            type="url"
            inputMode="url"
            placeholder="https://"
          />
          <div className="d-flex gap-2 mt-4">
            <Button type="submit" disabled={busy}>
              {mode === 'add' ? 'Submit' : 'Update'}
            </Button>
            <Button variant="outline-secondary" onClick={() => navigate(paths.myCertifications)}>
              Cancel
            </Button>
          </div>
        </Form>
      )}
    </FormCard>
  );
}
