/** The steps of the welcome tour (docs/assistants.md, onboarding): what each part of the product is for. */
export interface TourStep {
  icon: 'rooms' | 'messages' | 'matchmaking' | 'assistants';
  title: string;
  body: string;
  points: string[];
}

export const TOUR_STEPS: TourStep[] = [
  {
    icon: 'rooms',
    title: 'Join your course rooms',
    body: 'Chat Rooms holds a room for every faculty, programme and course. Drill down to yours and say hello.',
    points: ['Ask and answer questions live', 'Reply, react and mention classmates with @'],
  },
  {
    icon: 'messages',
    title: 'Message people and groups',
    body: 'Direct messages keep one-to-one talks in one place; a group chat gathers your study group.',
    points: ['Start a DM from anyone’s profile', 'Create a group for a project or a revision session'],
  },
  {
    icon: 'matchmaking',
    title: 'Find study partners',
    body: 'Matchmaking suggests groups, tutors and tutorees that fit your course, languages, campus and week.',
    points: ['Offer help as a tutor or ask for it', 'Build a study group that shares your free times'],
  },
  {
    icon: 'assistants',
    title: 'Let the assistants help',
    body: 'A short interview fills in your profile and your matchmaking in one go; the discovery bot points you to the rooms worth joining.',
    points: [
      'Answer in your own words; you check everything before it is saved',
      'Ask for rooms the way you would ask a friend',
    ],
  },
];

/** The step after a move of `delta`, kept within the tour. */
export function nextStepIndex(index: number, delta: number, count: number): number {
  return Math.min(count - 1, Math.max(0, index + delta));
}
