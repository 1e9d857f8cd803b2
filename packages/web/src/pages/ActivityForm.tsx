import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Certification } from '@cpe/shared/schemas';
import { createActivityBody, updateActivityBody } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import type { ActivityWithOwner } from '../api/activities';
import { isNotFound } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { FormCard, RequiredFieldsNote } from '../components/FormCard';
import { FormField } from '../components/FormField';
import { PageSpinner } from '../components/PageSpinner';
import { fieldErrorsFrom, readableMessage } from '../lib/form-errors';
import { usePageTitle } from '../lib/page';
import { useApiForm } from '../lib/use-api-form';
import { MY_CERTIFICATIONS_AS_SPEC_CASES_IT, paths } from '../paths';

interface Fields {
  certification_id: string;
  activity_name: string;
  description: string;
  cpe_units: string;
  activity_date: string;
}

const EMPTY: Fields = {
  certification_id: '',
  activity_name: '',
  description: '',
  cpe_units: '',
  activity_date: '',
};

/**
 * Add Activity (/addactivity/{certId}, or /addactivity with a certification
 * picker) and Update Activity (/updateactivity/{activityId}).
 */
export function ActivityForm(props: { mode: 'add' | 'update' }) {
  const { mode } = props;
  const { certificationId, activityId } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { api, appUser } = useApi();

  const { fields, setFields, field, errors, formError, setFormError, busy, save, showFailure } =
    useApiForm<Fields>({ ...EMPTY, certification_id: certificationId ?? '' });
  const [original, setOriginal] = useState<ActivityWithOwner | null>(null);
  /** The certifications to pick from (add without a parameter) or the one being added to. */
  const [certs, setCerts] = useState<Certification[] | null>(null);
  const [loading, setLoading] = useState(true);
  const title = mode === 'add' ? 'Add Activity' : 'Update Activity';
  usePageTitle(title);

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    const fail = (error: unknown) => {
      if (cancelled) return;
      if (isNotFound(error)) {
        navigate(paths.notFound, { replace: true });
        return;
      }
      console.error('Could not load the page', error);
      setFormError('We could not load this page. Please try again.');
      setLoading(false);
    };
    if (mode === 'update' && activityId) {
      Promise.all([api.getActivity(activityId), appUser(user.email)])
        .then(([activity, me]) => {
          if (cancelled) return;
          if (activity.user_id !== me.user_id) {
            navigate(paths.notFound, { replace: true });
            return;
          }
          setOriginal(activity);
          setFields({
            certification_id: activity.certification_id,
            activity_name: activity.activity_name,
            description: activity.description,
            cpe_units: String(activity.cpe_units),
            activity_date: activity.activity_date,
          });
          setLoading(false);
        })
        .catch(fail);
    } else if (mode === 'add' && certificationId) {
      api
        .getCertification(certificationId)
        .then((cert) => {
          if (cancelled) return;
          setCerts([cert]);
          setLoading(false);
        })
        .catch(fail);
    } else if (mode === 'add') {
      appUser(user.email)
        .then((me) => api.listCertifications(me.user_id))
        .then((list) => {
          if (cancelled) return;
          setCerts(list);
          if (list.length === 1 && list[0]) {
            setFields((f) => ({ ...f, certification_id: list[0]?.certification_id ?? '' }));
          }
          setLoading(false);
        })
        .catch(fail);
    }
    return () => {
      cancelled = true;
    };
  }, [mode, activityId, certificationId, user, api, appUser, navigate, setFields, setFormError]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The spec's empty cpe_units becomes 0.
    const values = {
      activity_name: fields.activity_name,
      description: fields.description,
      cpe_units: fields.cpe_units.trim() === '' ? 0 : fields.cpe_units,
      activity_date: fields.activity_date,
    };
    void save({
      validate() {
        const check =
          mode === 'add'
            ? createActivityBody.safeParse({ certification_id: fields.certification_id, ...values })
            : updateActivityBody.safeParse(values);
        const clientErrors = check.success ? {} : fieldErrorsFrom(check.error);
        if (fields.activity_date === '') clientErrors.activity_date = 'activity_date is required';
        if (mode === 'add' && !fields.certification_id) {
          clientErrors.certification_id = 'Please choose a certification.';
        }
        return clientErrors;
      },
      async send() {
        if (mode === 'add') {
          const created = await api.createActivity({
            certification_id: fields.certification_id,
            ...values,
          });
          // The spec navigates only when the answer carries the new id.
          if (created.activity_id) navigate(paths.myCertifications);
        } else if (original) {
          // PUT sends the whole activity object back with the edited fields.
          await api.updateActivity(original.activity_id, { ...original, ...values });
          navigate(paths.myCertifications);
        }
      },
      onError(error) {
        if (isNotFound(error)) {
          navigate(paths.notFound, { replace: true });
          return;
        }
        console.error('Saving the activity failed', error);
        showFailure(error, 'The activity could not be saved. Please try again.');
      },
    });
  }

  const certificationField = field('certification_id');
  const nameLabel = mode === 'add' ? 'Name' : 'Activity Name';
  const dateLabel = mode === 'add' ? 'Date' : 'Activity Date';
  const singleCert = mode === 'add' && certificationId ? certs?.[0] : undefined;

  return (
    <FormCard width="form">
      <h1 className="h3 mb-1">{title}</h1>
      {singleCert && (
        <p className="text-secondary-emphasis text-break">For {singleCert.certification_name}</p>
      )}
      <RequiredFieldsNote />
      {formError && <Alert variant="danger">{formError}</Alert>}
      {errors.body && <Alert variant="danger">{errors.body}</Alert>}
      {loading ? (
        <PageSpinner />
      ) : (
        <Form noValidate onSubmit={submit}>
          {mode === 'add' && !certificationId && (
            <Form.Group className="mb-3" controlId="field-certification_id">
              <Form.Label>
                <span aria-hidden="true">* </span>Certification
              </Form.Label>
              {certs && certs.length === 0 ? (
                <Alert variant="info" className="mb-0">
                  You have no certifications yet.{' '}
                  <Link className="alert-link" to={paths.addCertification}>
                    Add one first
                  </Link>
                  .
                </Alert>
              ) : (
                <>
                  <Form.Select
                    name="certification_id"
                    required
                    value={certificationField.value}
                    onChange={certificationField.onChange}
                    isInvalid={Boolean(errors.certification_id)}
                    aria-describedby={
                      errors.certification_id ? 'field-certification_id-error' : undefined
                    }
                  >
                    <option value="">Choose a certification…</option>
                    {(certs ?? []).map((c) => (
                      <option key={c.certification_id} value={c.certification_id}>
                        {c.certification_name}
                      </option>
                    ))}
                  </Form.Select>
                  {errors.certification_id && (
                    <Form.Control.Feedback type="invalid" id="field-certification_id-error">
                      {readableMessage(
                        'certification_id',
                        'Certification',
                        errors.certification_id,
                      )}
                    </Form.Control.Feedback>
                  )}
                </>
              )}
            </Form.Group>
          )}
          <FormField {...field('activity_name')} label={nameLabel} required maxLength={200} />
          <FormField
            {...field('description')}
            label="Description"
            {...(mode === 'update' ? { as: 'textarea' as const, rows: 4 } : {})}
            maxLength={5000}
          />
          <FormField
            {...field('cpe_units')}
            label="CPE Units"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            hint="Leave empty for 0."
          />
          <FormField {...field('activity_date')} label={dateLabel} type="date" required />
          <div className="d-flex gap-2 mt-4">
            <Button type="submit" disabled={busy}>
              {mode === 'add' ? 'Add' : 'Update'}
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() =>
                navigate(
                  mode === 'update' ? MY_CERTIFICATIONS_AS_SPEC_CASES_IT : paths.myCertifications,
                )
              }
            >
              Cancel
            </Button>
          </div>
        </Form>
      )}
    </FormCard>
  );
}
