import type { Transaction } from 'kysely';
import { RANKING_PAIR_DAILY_LIMIT } from '@studium/protocol';
import type { Database } from '../db/schema';
import { postMessage, type MessageEvents } from '../features/chat/post-message';
import { insertReaction } from '../features/chat/reactions.repository';
import { countReceivedReactions } from '../features/rankings/rankings.counters';
import { addMembers, findRoomByPath } from '../features/rooms/rooms.service';

/** A demo line: author (index into the demo users), text, reactions as [user index, emoji]. */
type Line = [author: number, text: string, reactions?: Array<[number, string]>];

// A little life in a few course rooms, so a fresh install does not look deserted.
const CONVERSATIONS: Record<string, Line[]> = {
  'science.computer_science.cs-101': [
    [
      0,
      'Welcome to **CS-101**! Ask anything about the first assignment here.',
      [
        [1, '👍'],
        [2, '🎉'],
        [3, '👍'],
      ],
    ],
    [1, 'Is it OK to use `for` loops in exercise 3, or should it be recursion?'],
    [0, 'Either works. Recursion gets a bonus point if you explain the base case.', [[1, '❤️']]],
    [
      2,
      'Tip: run your code with small inputs first:\n```python\nprint(fib(5))\n```',
      [
        [1, '😆'],
        [3, '👍'],
      ],
    ],
    [
      3,
      'Study group in the library on Thursday at 4pm, anyone?',
      [
        [0, '👍'],
        [2, '👍'],
      ],
    ],
  ],
  'science.mathematics.math-101': [
    [1, 'Can someone explain the epsilon-delta definition of a limit in plain words?'],
    [
      2,
      'For every tolerance you pick around the limit, there is a neighbourhood of the point that stays inside it.',
      [
        [1, '❤️'],
        [0, '👍'],
      ],
    ],
    [1, 'That finally clicked, thanks!', [[2, '😆']]],
  ],
  'science.computer_science.cs-201': [
    [3, 'Which sorting algorithm should we use for the project, merge sort or quicksort?'],
    [
      0,
      'Merge sort if you need it stable; quicksort is usually faster in practice.',
      [
        [3, '👍'],
        [1, '👍'],
      ],
    ],
  ],
};

/**
 * Posts the demo conversations as their authors would have, joining each room on a first
 * message; returns the messages' events for the caller to publish after commit.
 */
export async function insertDemoMessages(
  trx: Transaction<Database>,
  userIds: number[],
  usernames: readonly string[],
): Promise<MessageEvents[]> {
  const start = Date.now() - 3 * 3600_000;
  let minute = 0;
  const events: MessageEvents[] = [];
  for (const [path, lines] of Object.entries(CONVERSATIONS)) {
    const room = await findRoomByPath(trx, path);
    if (!room) continue;
    for (const [author, text, reactions = []] of lines) {
      const at = new Date(start + ++minute * 60_000).toISOString();
      const userId = userIds[author]!;
      await addMembers(trx, room.id, [{ userId, role: 'member' }], at);
      const posted = await postMessage(trx, {
        room,
        author: { id: userId, username: usernames[author]!, sessionId: 0 },
        kind: 'person',
        content: text,
        at,
      });
      if (!posted) continue;
      events.push(posted.events);
      const id = posted.message.id;
      for (const [reactor, emoji] of reactions) {
        await insertReaction(trx, id, userIds[reactor]!, emoji, at);
        await countReceivedReactions(
          trx,
          { authorId: userId, reactorId: userIds[reactor]!, givenAt: at },
          1,
          RANKING_PAIR_DAILY_LIMIT,
        );
      }
    }
  }
  return events;
}
