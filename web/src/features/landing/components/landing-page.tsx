import { Link } from 'react-router';
import { ArrowRight, Bot, MessagesSquare, Sparkles, Users, type LucideIcon } from 'lucide-react';
import { TEXTS } from '@studium/protocol';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useProductName } from '../../../config/product';

interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
}

const FEATURES: Feature[] = [
  {
    icon: MessagesSquare,
    title: 'A room for every course',
    body: 'Faculties, programmes and courses as a tree of live chat rooms. Markdown, replies, mentions and reactions included.',
  },
  {
    icon: Users,
    title: 'Study partners and tutors',
    body: 'Describe your group or what you need help with, and matchmaking finds people on your topic, campus and schedule.',
  },
  {
    icon: Bot,
    title: 'Assistants that know the campus',
    body: 'An onboarding interview sets up your profile; the discovery bot points you to the rooms worth joining.',
  },
];

/** The public landing page: visitors get the pitch, logged-in users a welcome back. */
export function LandingPage({ username }: { username: string | null }) {
  const productName = useProductName();
  return (
    <div className="flex flex-col gap-16 pb-8">
      <section className="relative overflow-hidden rounded-2xl border border-border bg-surface px-6 py-14 sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-24 size-96 rounded-full bg-accent opacity-15 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-40 -left-24 size-96 rounded-full bg-violet-500 opacity-10 blur-3xl"
        />
        <div className="relative flex max-w-2xl flex-col gap-6">
          <span className="inline-flex w-fit items-center gap-2 rounded-full border border-border bg-surface-2 px-3 py-1 text-xs font-medium text-muted-fg">
            <Sparkles aria-hidden="true" className="size-3.5 text-accent-text" />
            The study community of your campus
          </span>
          {username ? (
            <>
              <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
                Welcome, {username}
              </h1>
              <p className="text-lg text-muted-fg">
                Your rooms, conversations and study partners are waiting. Pick up where you left off.
              </p>
              <div className="flex flex-wrap gap-3">
                <Link to={paths.home.href()} className={buttonClasses('primary', 'lg')}>
                  {TEXTS.landing.goToChatRooms}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </div>
            </>
          ) : (
            <>
              <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
                Study together, <span className="text-accent-text">not alone.</span>
              </h1>
              <p className="text-lg text-muted-fg">
                {productName} brings your courses into live chat rooms, matches you with study partners and
                tutors, and helps you find your people from day one.
              </p>
              <div className="flex flex-wrap gap-3">
                <Link to={paths.register.href()} className={buttonClasses('primary', 'lg')}>
                  {TEXTS.landing.getStarted}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
                <Link to={paths.login.href()} className={buttonClasses('secondary', 'lg')}>
                  {TEXTS.landing.signIn}
                </Link>
              </div>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby="features-title" className="flex flex-col gap-6">
        <h2 id="features-title" className="text-xl font-semibold tracking-tight">
          Everything your study group needs
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="text-base font-semibold">{title}</h3>
              <p className="text-sm leading-relaxed text-muted-fg">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      {username ? null : (
        <section className="flex flex-col items-start justify-between gap-4 rounded-2xl bg-accent px-6 py-8 text-accent-fg sm:flex-row sm:items-center sm:px-10">
          <div>
            <h2 className="text-xl font-semibold">Your next study session starts here.</h2>
            <p className="mt-1 text-sm text-indigo-100">Free for students. Takes less than a minute.</p>
          </div>
          <Link
            to={paths.register.href()}
            className={buttonClasses(
              'secondary',
              'lg',
              'border-transparent bg-white text-indigo-700 hover:bg-indigo-50',
            )}
          >
            Create your account
          </Link>
        </section>
      )}

      <footer className="flex flex-wrap items-center justify-between gap-4 border-t border-border pt-6 text-sm text-muted-fg">
        <span>
          © {new Date().getFullYear()} {productName}
        </span>
        <nav aria-label="Footer" className="flex gap-4">
          <Link to={paths.about.href()} className="hover:text-fg hover:underline">
            About
          </Link>
          <Link to={paths.patchNotes.href()} className="hover:text-fg hover:underline">
            Patch notes
          </Link>
        </nav>
      </footer>
    </div>
  );
}
