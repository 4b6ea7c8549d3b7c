import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  ArrowLeft,
  ArrowRight,
  Bot,
  Compass,
  MessageCircle,
  MessagesSquare,
  Sparkles,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { ASSISTANT_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useProductName } from '../../../config/product';
import { cn } from '../../../lib/cn';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { TOUR_STEPS, nextStepIndex, type TourStep } from '../lib/tour';

const ICONS: Record<TourStep['icon'], LucideIcon> = {
  rooms: MessagesSquare,
  messages: MessageCircle,
  matchmaking: Users,
  assistants: Bot,
};

/** Where the arrow keys already mean something: fields, and widgets that move with them. */
const USES_ARROWS =
  'input, textarea, select, [contenteditable="true"], [role="menu"], [role="listbox"], [role="tablist"], [role="dialog"], [role="slider"]';

/**
 * The welcome tour after registration (and 'Redo onboarding'): a few steps with Back/Next, step
 * dots and arrow keys, ending on the interview or the discovery bot. Any way out marks the tour
 * as done on the server.
 */
export function OnboardingTour() {
  const productName = useProductName();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = TOUR_STEPS[index] ?? TOUR_STEPS[0]!;
  const isLast = index === TOUR_STEPS.length - 1;
  const Icon = ICONS[step.icon];

  const goTo = useCallback((next: number) => {
    setIndex(next);
    // The new step's title takes the focus, so a screen reader reads it.
    requestAnimationFrame(() => heading.current?.focus());
  }, []);

  const finish = async (target: string) => {
    if (leaving) return;
    setLeaving(target);
    try {
      await complete.mutateAsync();
    } catch {
      toast.error('Could not save that you finished the tour; it will show again next time.');
    }
    void navigate(target);
  };

  // The arrow keys work as soon as the tour shows: the page listens, not only the tour's own
  // elements, so focus need not be moved in first. Keys meant for something else (a field, a
  // menu or dialog that uses the arrows) are left alone.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest(USES_ARROWS)) return;
      const next = nextStepIndex(index, event.key === 'ArrowRight' ? 1 : -1, TOUR_STEPS.length);
      if (next === index) return;
      event.preventDefault();
      goTo(next);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, goTo]);

  return (
    <section
      aria-labelledby="page-title"
      aria-describedby="tour-keys"
      className="mx-auto flex max-w-xl flex-col gap-6 py-4 sm:py-10"
    >
      <div className="text-center">
        <h1 id="page-title" className="text-3xl font-bold tracking-tight">
          Welcome to {productName}
        </h1>
        <p className="mt-2 text-muted-fg">A quick look around before you dive in.</p>
        <p id="tour-keys" className="sr-only">
          Use the left and right arrow keys to move between steps.
        </p>
      </div>

      <div className="rounded-xl border border-border bg-surface p-6 sm:p-8">
        <p className="text-xs font-semibold tracking-wider text-muted-fg uppercase" aria-live="polite">
          Step {index + 1} of {TOUR_STEPS.length}
        </p>
        <div className="mt-4 flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
              {step.title}
            </h2>
            <p className="mt-1 text-sm leading-relaxed text-muted-fg">{step.body}</p>
            <ul className="mt-3 flex flex-col gap-1.5 text-sm text-fg">
              {step.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <Sparkles aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-accent-text" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <nav aria-label="Tour steps" className="mt-6">
          <ol className="flex gap-1.5">
            {TOUR_STEPS.map((s, i) => (
              <li key={s.title} className="flex-1">
                <button
                  type="button"
                  onClick={() => goTo(i)}
                  aria-label={`Step ${i + 1}: ${s.title}`}
                  aria-current={i === index ? 'step' : undefined}
                  className="flex h-6 w-full items-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span
                    className={cn(
                      'h-1.5 w-full rounded-full transition-colors',
                      i <= index ? 'bg-accent' : 'bg-surface-2',
                    )}
                  />
                </button>
              </li>
            ))}
          </ol>
        </nav>
      </div>

      {isLast ? (
        <div className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Button
              size="lg"
              onClick={() => void finish(paths.matchmakingBot.href())}
              loading={leaving === paths.matchmakingBot.href()}
              disabled={leaving !== null}
            >
              <Bot aria-hidden="true" className="size-4" />
              {ASSISTANT_TEXTS.tourStartInterview}
            </Button>
            <Button
              size="lg"
              variant="secondary"
              onClick={() => void finish(paths.discoveryBot.href())}
              loading={leaving === paths.discoveryBot.href()}
              disabled={leaving !== null}
            >
              <Compass aria-hidden="true" className="size-4" />
              {ASSISTANT_TEXTS.tourExploreRooms}
            </Button>
          </div>
          <Button variant="ghost" className="self-start" onClick={() => goTo(index - 1)}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Button>
        </div>
      ) : (
        <div className="flex items-center justify-between gap-3">
          <Button variant="ghost" onClick={() => goTo(index - 1)} disabled={index === 0}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Button>
          <Button onClick={() => goTo(index + 1)}>
            Next
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
      <p className="text-center text-sm">
        <button
          type="button"
          onClick={() => void finish(paths.home.href())}
          disabled={leaving !== null}
          className="text-muted-fg underline underline-offset-4 hover:text-fg"
        >
          Skip the tour
        </button>
      </p>
    </section>
  );
}
