import { COURSE_CODES } from './matchmaking-courses';

/**
 * The topics a study party can be about: every course of the room tree, and 32 hobbies. Both the
 * wizard's suggestion list and the server's check read this list, so a topic is valid on one
 * side exactly when it is valid on the other. See docs/matchmaking.md.
 */
export const HOBBY_TOPICS = [
  'running',
  'skiing',
  'hiking',
  'cycling',
  'swimming',
  'climbing',
  'football',
  'basketball',
  'volleyball',
  'tennis',
  'badminton',
  'table-tennis',
  'yoga',
  'dancing',
  'chess',
  'board-games',
  'photography',
  'painting',
  'drawing',
  'music',
  'guitar',
  'piano',
  'singing',
  'cooking',
  'baking',
  'gaming',
  'reading',
  'writing',
  'film',
  'theatre',
  'gardening',
  'knitting',
] as const;
export type HobbyTopic = (typeof HOBBY_TOPICS)[number];

/** Every topic key a party may choose, courses first. */
export const PARTY_TOPICS: readonly string[] = [...COURSE_CODES, ...HOBBY_TOPICS];

const HOBBIES: ReadonlySet<string> = new Set(HOBBY_TOPICS);
const TOPICS: ReadonlySet<string> = new Set(PARTY_TOPICS);

/** A course topic key: letters, a dash, digits ('cs-101'). */
const COURSE_SHAPE = /^[a-z]+-\d+$/;

export type TopicCategory = 'hobby' | 'course' | 'general';

/** Hobbies first (they may contain a dash), then the course shape; anything else is general. */
export function topicCategory(topicKey: string): TopicCategory {
  const key = topicKey.trim().toLowerCase();
  if (HOBBIES.has(key)) return 'hobby';
  if (COURSE_SHAPE.test(key)) return 'course';
  return 'general';
}

export const isKnownTopic = (topicKey: string): boolean => TOPICS.has(topicKey.trim().toLowerCase());

/** How a topic key reads to people: 'cs-101' → 'CS-101', 'board-games' → 'board games'. */
export function topicLabel(topicKey: string): string {
  return topicCategory(topicKey) === 'course' ? topicKey.toUpperCase() : topicKey.replace(/-/g, ' ');
}
