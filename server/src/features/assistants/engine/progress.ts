import type { InterviewProgress } from './types';

// The interview's start, apart from the rest of the engine so that using it loads no language model.

export function emptyProgress(): InterviewProgress {
  return {
    reading: {
      courses: [],
      languages: [],
      modality: null,
      availability: [],
      role: null,
      hobbies: [],
      campus: null,
      studies: '',
    },
    asked: [],
  };
}

export function openingQuestion(): string {
  return (
    "Hi! I'll set up your study profile in a few questions. Tell me about yourself: what you study, " +
    'which courses you need help with or could help others with (or whether you want a study group), ' +
    'the languages you speak, online or in person, and when you are usually free.'
  );
}
