import {
  INTERVIEW_QUICK_REPLIES,
  type DiscoveredRoom,
  type InterviewSlot,
  type InterviewState,
} from '@studium/protocol';
import type { InterviewProgress, RoomHit } from './engine/types';

/** The interview as stored: the engine's progress, and what it still asks about. */
export interface StoredInterview {
  progress: InterviewProgress;
  missing: InterviewSlot[];
  complete: boolean;
}

export function presentInterviewState(roomId: number, stored: StoredInterview): InterviewState {
  const { studies, ...reading } = stored.progress.reading;
  return {
    room_id: roomId,
    reading: {
      courses: reading.courses,
      languages: reading.languages,
      modality: reading.modality,
      availability: reading.availability.map(({ day, start, end }) => ({ day, start, end })),
      role: reading.role,
      hobbies: reading.hobbies,
      campus: reading.campus,
    },
    studies,
    missing: stored.missing,
    complete: stored.complete,
    quick_replies: quickRepliesFor(stored),
  };
}

/** The choices for the question just asked, while its slot is still open. */
function quickRepliesFor(stored: StoredInterview): string[] {
  const asking = stored.progress.pending;
  if (stored.complete || !asking || !stored.missing.includes(asking)) return [];
  return [...(INTERVIEW_QUICK_REPLIES[asking] ?? [])];
}

export function presentDiscoveredRoom(hit: RoomHit, member: boolean): DiscoveredRoom {
  return {
    id: hit.room.id,
    name: hit.room.name,
    path: hit.room.path,
    slug: hit.room.slug,
    score: Math.min(1, Math.max(0, hit.score)),
    reason: hit.reason,
    member,
  };
}
