import type { ParsedAnswer } from '../engine/types';

/**
 * Two readings of the same answers made one: `base` (the offline engine's, tested and
 * deterministic) with what `extra` (an endpoint's) found added to it. Lists are joined; a slot
 * `base` left empty takes `extra`'s value; where both read a value, `base` keeps its own, so an
 * endpoint never silently overrides a role, modality or campus the engine read
 * (docs/assistants.md, "Fallback").
 */
export function combineReadings(base: ParsedAnswer, extra: ParsedAnswer): ParsedAnswer {
  const union = <T>(a: T[], b: T[]) => [...new Set([...a, ...b])];
  return {
    courses: union(base.courses, extra.courses),
    languages: union(base.languages, extra.languages),
    modality: base.modality ?? extra.modality,
    availability: base.availability.length > 0 ? base.availability : extra.availability,
    role: base.role ?? extra.role,
    hobbies: union(base.hobbies, extra.hobbies),
    campus: base.campus ?? extra.campus,
    studies: base.studies || extra.studies,
  };
}
