import { Link } from 'react-router';
import {
  ArrowLeft,
  Bot,
  Brain,
  ExternalLink,
  MessagesSquare,
  ShieldCheck,
  Sparkles,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { ASSISTANT_TEXTS, TEXTS } from '@studium/protocol';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { links } from '../../../config/links';
import { paths } from '../../../config/paths';
import { useProductName } from '../../../config/product';

const FUN_FACTS: Array<{ icon: LucideIcon; title: string; body: string }> = [
  {
    icon: Brain,
    title: 'AI-powered',
    body: 'Two assistants help you settle in: an onboarding interview and a room discovery bot. They run on the server itself, or on an AI service the operators choose.',
  },
  {
    icon: MessagesSquare,
    title: 'Real-time chat',
    body: 'Messages, edits, reactions and notifications arrive live over WebSockets, in every room and conversation.',
  },
  {
    icon: Users,
    title: 'Smart matching',
    body: 'Matchmaking scores topic, languages, campus, modality and availability to suggest study groups and tutors.',
  },
];

/** What the assistants read, and what may leave the server (docs/assistants.md, privacy). */
function AssistantsPrivacy({ productName }: { productName: string }) {
  return (
    <section aria-labelledby="assistants-privacy" className="flex flex-col gap-3">
      <h3 id="assistants-privacy" className="flex items-center gap-2 text-lg font-semibold">
        <Bot aria-hidden="true" className="size-5 text-accent-text" />
        The assistants and your data
      </h3>
      <p className="leading-relaxed">
        The assistants use an external AI API and local AI models. By default only the local ones answer: an
        offline engine inside the {productName} server, so nothing you write to them, and nothing they read,
        leaves the server.
      </p>
      <p className="leading-relaxed">
        The operators of this server may instead connect an external AI endpoint. Then, and only then, the
        following is sent to it, and nothing else:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>the message of the person asking a bot, when they ask it;</li>
        <li>
          the recent messages of that room the person asking can read, from people who have not switched off
          bot reading (bots never read anyone who opted out);
        </li>
        <li>your answers in the matchmaking interview;</li>
        <li>
          your request to the discovery bot, with the names and descriptions of the rooms you may read that
          could fit it.
        </li>
      </ul>
      <p className="leading-relaxed">
        What the interview understands is only saved to your profile and matchmaking after you check it and
        press Save. A bot only answers in rooms whose owner allowed bots, and the room says so. You can stop
        every bot from reading your messages under Profile › Settings › {ASSISTANT_TEXTS.consentLabel}.
      </p>
    </section>
  );
}

/** About: fun facts, mission, privacy/GDPR, community link, copyright. */
export function AboutPage() {
  const productName = useProductName();
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-10">
      <div>
        <Link to={paths.home.href()} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">About {productName}</h1>
        <p className="mt-2 text-muted-fg">The study-community chat for students, by students.</p>
      </div>

      <section aria-labelledby="fun-facts" className="flex flex-col gap-4">
        <h2 id="fun-facts" className="flex items-center gap-2 text-xl font-semibold">
          <Sparkles aria-hidden="true" className="size-5 text-accent-text" />
          {TEXTS.about.funFacts}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FUN_FACTS.map(({ icon: Icon, title, body }) => (
            <li key={title}>
              <Card className="flex h-full flex-col gap-2 p-5">
                <Icon aria-hidden="true" className="size-6 text-accent-text" />
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm leading-relaxed text-muted-fg">{body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="mission" className="flex flex-col gap-3">
        <h2 id="mission" className="text-xl font-semibold">
          Our mission
        </h2>
        <p className="leading-relaxed">
          Studying is easier together. {productName} gives every course a place to talk, helps you find study
          partners and tutors who fit your schedule, and makes a new campus feel familiar from the first week.
        </p>
      </section>

      <section aria-labelledby="privacy" className="flex flex-col gap-3">
        <h2 id="privacy" className="flex items-center gap-2 text-xl font-semibold">
          <ShieldCheck aria-hidden="true" className="size-5 text-accent-text" />
          Privacy and GDPR
        </h2>
        <p className="leading-relaxed">To run the service we collect:</p>
        <ul className="list-disc space-y-1 pl-6">
          {TEXTS.about.collected.map((item) => (
            <li key={item} className="first-letter:uppercase">
              {item}
            </li>
          ))}
        </ul>
        <p className="leading-relaxed">
          We use this data only to run {productName}: to show your messages and reactions in rooms, to display
          your profile as your privacy settings allow, to compute matchmaking suggestions and rankings, and to
          keep the service secure and working well. We do not sell it or show ads.
        </p>
        <p className="leading-relaxed">
          We set only two cookies: a session cookie that keeps you logged in, and a CSRF cookie that protects
          your requests. No tracking cookies.
        </p>
        <AssistantsPrivacy productName={productName} />
        <p className="leading-relaxed">
          You can delete your account at any time from your profile. Deleting it removes your profile, your
          pictures, your reactions and your notifications; your messages become tombstones (author and text
          removed) so conversations keep their shape.
        </p>
      </section>

      <section aria-labelledby="community" className="flex flex-col gap-3">
        <h2 id="community" className="text-xl font-semibold">
          Join the community
        </h2>
        <p className="leading-relaxed">Ideas, questions or feedback? Talk to the team and other students.</p>
        <a
          href={links.communityServer}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'md', 'w-fit')}
        >
          Community chat server
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </section>

      <footer className="border-t border-border pt-6 text-sm text-muted-fg">
        © {new Date().getFullYear()} {productName}. All rights reserved.{' '}
        <Link to={paths.patchNotes.href()} className="text-accent-text underline underline-offset-2">
          Patch notes
        </Link>
      </footer>
    </article>
  );
}
