import { useState } from 'react';
import type { ChatMessage } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { useInterview } from '../api/get-interview';
import type { ConversationTools } from './assistant-conversation';

interface QuickRepliesProps {
  tools: ConversationTools;
  /** The interview bot's username: the choices belong under its latest question. */
  bot: string | undefined;
}

/** The latest stored message that is not a reply still streaming (negative ids are local). */
function lastStored(messages: ChatMessage[]): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message && message.id > 0) return message;
  }
  return undefined;
}

/**
 * The interview state's quick replies under the bot's latest question, as buttons. One click sends
 * the choice as the user's answer through the conversation's own send; the row goes away once the
 * user has answered and comes back with the next question's choices (docs/assistants.md).
 */
export function InterviewQuickReplies({ tools, bot }: QuickRepliesProps) {
  const interview = useInterview();
  const [answered, setAnswered] = useState<number | null>(null);
  const last = lastStored(tools.messages);
  const choices = interview.data?.quick_replies ?? [];
  const latestIsQuestion =
    bot !== undefined && last?.username === bot && last.id === tools.messages.at(-1)?.id;
  // While the state is read again after a new question, the old choices may not be its own.
  if (!last || !latestIsQuestion || last.id === answered || choices.length === 0 || interview.isFetching)
    return null;

  const choose = async (question: number, choice: string) => {
    setAnswered(question);
    // Offered again when the answer could not be sent.
    if (!(await tools.send(choice))) setAnswered(null);
  };

  return (
    <div
      role="group"
      aria-label="Quick replies"
      className="flex flex-wrap gap-2 border-t border-border px-4 py-2"
    >
      {choices.map((choice) => (
        <Button
          key={choice}
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => void choose(last.id, choice)}
        >
          {choice}
        </Button>
      ))}
    </div>
  );
}
