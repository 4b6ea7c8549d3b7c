import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight, Bot, MessagesSquare, Users, type LucideIcon } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useProductName } from '../../../config/product';
import { cn } from '../../../lib/cn';

interface Step {
  icon: LucideIcon;
  title: string;
  body: string;
}

const STEPS: Step[] = [
  {
    icon: MessagesSquare,
    title: 'Join your course rooms',
    body: 'Chat Rooms holds a room for every faculty, programme and course. Drill down to yours and say hello.',
  },
  {
    icon: Users,
    title: 'Find study partners',
    body: 'Matchmaking suggests groups and tutors that fit your topic, languages, campus and schedule.',
  },
  {
    icon: Bot,
    title: 'Ask the bots',
    body: 'Not sure where to start? The discovery bot recommends rooms; the matchmaking bot sets up your profile.',
  },
];

/** A short welcome tour after registration, ending on the chat rooms. */
export function OnboardingTour() {
  const productName = useProductName();
  const [index, setIndex] = useState(0);
  const step = STEPS[index] ?? STEPS[0]!;
  const isLast = index === STEPS.length - 1;
  const Icon = step.icon;

  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-xl flex-col gap-6 py-4 sm:py-10">
      <div className="text-center">
        <h1 id="page-title" className="text-3xl font-bold tracking-tight">
          Welcome to {productName}
        </h1>
        <p className="mt-2 text-muted-fg">Three things worth knowing before you dive in.</p>
      </div>

      <div className="rounded-xl border border-border bg-surface p-6 sm:p-8" aria-live="polite">
        <p className="text-xs font-semibold tracking-wider text-muted-fg uppercase">
          Step {index + 1} of {STEPS.length}
        </p>
        <div className="mt-4 flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 className="text-lg font-semibold">{step.title}</h2>
            <p className="mt-1 text-sm leading-relaxed text-muted-fg">{step.body}</p>
          </div>
        </div>
        <div className="mt-6 flex gap-1.5" aria-hidden="true">
          {STEPS.map((s, i) => (
            <span
              key={s.title}
              className={cn('h-1.5 flex-1 rounded-full', i <= index ? 'bg-accent' : 'bg-surface-2')}
            />
          ))}
        </div>
      </div>

      <div className="flex items-center justify-between gap-3">
        <Button variant="ghost" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
        {isLast ? (
          <Link to={paths.home.href()} className={buttonClasses('primary')}>
            Go to Chat Rooms
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <Button onClick={() => setIndex((i) => i + 1)}>
            Next
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
      <p className="text-center text-sm">
        <Link to={paths.home.href()} className="text-muted-fg underline underline-offset-4 hover:text-fg">
          Skip the tour
        </Link>
      </p>
    </section>
  );
}
