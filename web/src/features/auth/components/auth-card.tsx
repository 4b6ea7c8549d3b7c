import type { KeyboardEvent, ReactNode } from 'react';
import { GraduationCap } from 'lucide-react';
import { Field, Input } from '../../../components/ui/input';

interface AuthCardProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card shared by the login and register screens. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-4 sm:py-10">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-accent-fg">
          <GraduationCap aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-fg">{subtitle}</p>
      </div>
      <div className="rounded-xl border border-border bg-surface p-6 sm:p-8">{children}</div>
      {footer ? <div className="text-center text-sm text-muted-fg">{footer}</div> : null}
    </div>
  );
}

/** The error banner of a form; announced to screen readers as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger-text"
    >
      {children}
    </div>
  );
}

interface CredentialFieldProps {
  label: string;
  /** The username, the password to sign in with, or a new password (and its confirmation). */
  kind: 'username' | 'current-password' | 'new-password';
  name: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  error?: string | null;
  hint?: string;
}

/** A username or password field of the auth forms, with the browser hints password managers use. */
export function CredentialField({
  label,
  kind,
  name,
  value,
  onChange,
  onKeyDown,
  error,
  hint,
}: CredentialFieldProps) {
  const isUsername = kind === 'username';
  return (
    <Field label={label} error={error} hint={hint}>
      {(ids) => (
        <Input
          {...ids}
          name={name}
          type={isUsername ? 'text' : 'password'}
          autoComplete={kind}
          autoCapitalize={isUsername ? 'none' : undefined}
          spellCheck={isUsername ? false : undefined}
          autoFocus={isUsername}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
      )}
    </Field>
  );
}
