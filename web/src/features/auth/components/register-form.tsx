import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { links } from '../../../config/links';
import { paths } from '../../../config/paths';
import { useProductName } from '../../../config/product';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { register } from '../api/register';
import { useAuthActions } from '../hooks/use-auth-actions';
import { AuthCard, CredentialField, FormAlert } from './auth-card';

type FieldErrors = Partial<Record<'username' | 'password' | 'confirm', string>>;

function registerErrorText(err: unknown): string {
  if (err instanceof NetworkError) return TEXTS.auth.registerNetworkError(err.message);
  if (err instanceof ApiError) return err.serverError ?? TEXTS.auth.registrationFailedStatus(err.status);
  return TEXTS.auth.registerNetworkError(err instanceof Error ? err.message : String(err));
}

/** A server error or no answer at all, as opposed to a refusal of what was typed. */
function isUnexpectedFailure(err: unknown): boolean {
  return !(err instanceof ApiError) || err.status >= 500;
}

/** Register screen (docs/auth.md): on success logs in and opens the onboarding. */
export function RegisterForm() {
  const productName = useProductName();
  const navigate = useNavigate();
  const { signIn } = useAuthActions();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unexpected, setUnexpected] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const fail = (message: string | null, fields: FieldErrors = {}, isUnexpected = false) => {
    setError(message);
    setUnexpected(isUnexpected);
    setFieldErrors(fields);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const name = username.trim();
    // Client checks show under their field; the banner is for answers from the server.
    if (!name) return fail(null, { username: TEXTS.auth.usernameRequired });
    if (password !== confirm) return fail(null, { confirm: TEXTS.auth.passwordsDoNotMatch });

    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await register({ username: name, password });
    } catch (err) {
      // A refusal about a field shows under that field only; any other refusal in the banner.
      // Only an unexpected failure (server error, no answer) adds the bug-report hint: a refused
      // name is not a bug (docs/auth.md).
      const fields = err instanceof ApiError ? err.fields : {};
      if (fields.username || fields.password) {
        fail(null, { username: fields.username, password: fields.password });
      } else {
        fail(registerErrorText(err), {}, isUnexpectedFailure(err));
      }
      setBusy(false);
      return;
    }
    try {
      const result = await signIn(name, password, paths.onboarding.href());
      toast.success(TEXTS.auth.welcomeNew(productName, result.username));
    } catch {
      toast.success(TEXTS.auth.registrationSuccessful);
      navigate(paths.login.href());
    }
  };

  return (
    <AuthCard
      title={`Join ${productName}`}
      subtitle="Create an account to join rooms, message classmates and find study partners."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login.href()} className="font-medium text-accent-text underline underline-offset-2">
            Sign in
          </Link>
        </>
      }
    >
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Create account"
      >
        {error ? (
          <FormAlert>
            <p className={unexpected && links.feedbackForm ? 'mb-1' : undefined}>{error}</p>
            {unexpected && links.feedbackForm ? (
              <p className="text-fg">
                {TEXTS.auth.ifYouBelieveError},{' '}
                <a
                  href={links.feedbackForm}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium underline"
                >
                  report a bug
                </a>
                .
              </p>
            ) : null}
          </FormAlert>
        ) : null}
        <CredentialField
          label="Username"
          kind="username"
          name="username"
          value={username}
          onChange={setUsername}
          error={fieldErrors.username}
          hint="3–30 letters, digits or underscores."
        />
        <CredentialField
          label="Password"
          kind="new-password"
          name="password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          hint="At least 8 characters."
        />
        <CredentialField
          label="Confirm password"
          kind="new-password"
          name="confirm"
          value={confirm}
          onChange={setConfirm}
          error={fieldErrors.confirm}
        />
        <p className="text-xs leading-relaxed text-muted-fg">
          GDPR notice: to run the service, {productName} stores the messages you write, your reactions and
          your profile data. Read what we collect and why on the{' '}
          <Link to={paths.about.href()} className="font-medium text-accent-text underline">
            About page
          </Link>
          .
        </p>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy} loading={busy}>
          {busy ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
