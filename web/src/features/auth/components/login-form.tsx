import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { loginReturnTarget, paths } from '../../../config/paths';
import { errorText, NetworkError } from '../../../lib/api-client';
import { getCsrf } from '../api/get-csrf';
import { useAuthActions } from '../hooks/use-auth-actions';
import { AuthCard, CredentialField, FormAlert } from './auth-card';

/** Login screen (docs/auth.md). */
export function LoginForm() {
  const { signIn } = useAuthActions();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isBlank = !username.trim() || !password.trim();

  useEffect(() => {
    void getCsrf();
  }, []);

  const submit = async () => {
    if (busy) return;
    if (isBlank) {
      setError(TEXTS.auth.bothRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // Back to the page that asked for a login, else home (docs/auth.md).
      const target = loginReturnTarget(location.state, paths.home.href());
      const result = await signIn(username.trim(), password, target);
      toast.success(TEXTS.auth.welcomeBack(result.username));
    } catch (err) {
      setError(
        err instanceof NetworkError ? TEXTS.auth.networkError : errorText(err, TEXTS.auth.loginFailed),
      );
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // Enter submits even while the button is disabled, so blank fields get their message.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && isBlank) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to continue to your study rooms."
      footer={
        <>
          New here?{' '}
          <Link
            to={paths.register.href()}
            className="font-medium text-accent-text underline underline-offset-2"
          >
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <CredentialField
          label="Username"
          kind="username"
          name="username"
          value={username}
          onChange={setUsername}
          onKeyDown={onKeyDown}
        />
        <CredentialField
          label="Password"
          kind="current-password"
          name="password"
          value={password}
          onChange={setPassword}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy || isBlank} loading={busy}>
          {busy ? TEXTS.auth.signingIn : TEXTS.nav.signIn}
        </Button>
      </form>
    </AuthCard>
  );
}
