import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ArrowLeft, ArrowRight, Save } from 'lucide-react';
import { PARTY_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { ApiError, errorText } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSaveParty } from '../api/save-party';
import {
  checkDraft,
  firstStepWithError,
  LAST_STEP,
  stepOfPath,
  withoutError,
  WIZARD_STEPS,
  type PartyDraft,
  type WizardErrors,
  type WizardStep,
} from '../lib/party-wizard';
import { DetailsStep } from './party-details-step';
import { ProfilesStep, TopicStep, type StepProps } from './party-wizard-steps';
import { TeamStep } from './party-team-step';

const t = PARTY_TEXTS;

interface PartyWizardProps {
  currentUser: string;
  initial: PartyDraft;
  /** 'See intent' on a party that can no longer change: every step, nothing to save. */
  readOnly?: boolean;
  onSaved?: () => void;
}

/** The four-step party editor: Topic, Team, Details, Profiles; forward moves check every step passed. */
export function PartyWizard({ currentUser, initial, readOnly = false, onSaved }: PartyWizardProps) {
  const [draft, setDraft] = useState(initial);
  const [step, setStep] = useState<WizardStep>(0);
  const [errors, setErrors] = useState<WizardErrors>({});
  const save = useSaveParty();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Where focus goes after a move: the new step's heading, or the first field to fix.
  const [focusTarget, setFocusTarget] = useState<{ kind: 'heading' | 'error'; seq: number } | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (focusTarget.kind === 'error' && invalid) invalid.focus();
    else headingRef.current?.focus();
  }, [focusTarget]);

  const moveTo = (next: WizardStep, kind: 'heading' | 'error') => {
    setStep(next);
    setFocusTarget((f) => ({ kind, seq: (f?.seq ?? 0) + 1 }));
  };

  const showErrors = (found: WizardErrors) => {
    setErrors(found);
    moveTo(firstStepWithError(found) ?? step, 'error');
  };

  /** Forward moves check every step before the target; backward moves are free. */
  const goTo = (target: WizardStep) => {
    if (target <= step || readOnly) {
      moveTo(target, 'heading');
      return;
    }
    const found = checkDraft(draft, currentUser, (target - 1) as WizardStep).errors;
    if (Object.keys(found).length) showErrors(found);
    else {
      setErrors({});
      moveTo(target, 'heading');
    }
  };

  const onSave = async () => {
    if (save.isPending) return;
    const { errors: found, payload } = checkDraft(draft, currentUser);
    if (!payload) {
      showErrors(found);
      return;
    }
    try {
      await save.mutateAsync(payload);
      toast.success(t.saved);
      onSaved?.();
    } catch (err) {
      // The server checks the same rules: its field errors land next to their fields.
      if (err instanceof ApiError && Object.keys(err.fields).length) showErrors(err.fields);
      toast.error(errorText(err, t.saveFailed));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST_STEP) goTo((step + 1) as WizardStep);
    else if (!readOnly) void onSave();
  };

  const change: StepProps['change'] = (path, update) => {
    setDraft(update);
    setErrors((e) => withoutError(e, path));
  };

  const stepProps: StepProps = { draft, errors, currentUser, change };
  const orphanErrors = Object.entries(errors).filter(([path]) => stepOfPath(path) === null);

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="Party intent"
      className="flex flex-col gap-5"
    >
      <ol aria-label="Steps" className="flex flex-wrap gap-2">
        {WIZARD_STEPS.map((name, i) => (
          <li key={name}>
            <button
              type="button"
              aria-current={i === step ? 'step' : undefined}
              onClick={() => goTo(i as WizardStep)}
              className={cn(
                'inline-flex h-8 items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                i === step
                  ? 'border-accent bg-accent-soft text-accent-text'
                  : 'border-border bg-surface text-muted-fg hover:text-fg',
              )}
            >
              <span aria-hidden="true" className="tabular-nums">
                {i + 1}
              </span>
              {name}
            </button>
          </li>
        ))}
      </ol>

      <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-fg focus:outline-none">
        Step {step + 1} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step]}
      </h3>

      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
        {step === 0 ? <TopicStep {...stepProps} /> : null}
        {step === 1 ? <TeamStep {...stepProps} /> : null}
        {step === 2 ? <DetailsStep {...stepProps} /> : null}
        {step === 3 ? <ProfilesStep {...stepProps} /> : null}
      </fieldset>

      {orphanErrors.length ? (
        <div role="alert" className="text-sm text-danger-text">
          {orphanErrors.map(([path, message]) => (
            <p key={path}>{message}</p>
          ))}
        </div>
      ) : null}

      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={() => goTo((step - 1) as WizardStep)} disabled={step === 0}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t.back}
        </Button>
        {step < LAST_STEP ? (
          <Button type="submit">
            {t.next}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        ) : readOnly ? null : (
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            {save.isPending ? null : <Save aria-hidden="true" className="size-4" />}
            {save.isPending ? t.saving : t.saveParty}
          </Button>
        )}
      </div>
    </form>
  );
}
