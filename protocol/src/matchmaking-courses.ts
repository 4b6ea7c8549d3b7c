import { z } from 'zod';
import { foldName, matchNames } from './name-match';

/**
 * The course catalogue: every course of the room tree with its name and its room's path, and how
 * a typed course (a code, a name, part of a name) is read. Tutoring intents name a course, study
 * parties may; both forms suggest courses from `GET /api/courses/`. See docs/matchmaking.md#courses.
 */

/** The course list (the seeded tree's course codes): a tutoring intent must name one of them. */
export const COURSE_CODES = [
  'cs-101',
  'cs-102',
  'cs-110',
  'cs-201',
  'cs-202',
  'cs-210',
  'cs-220',
  'cs-230',
  'cs-240',
  'math-101',
  'math-102',
  'math-110',
  'math-201',
  'math-210',
  'math-220',
  'math-230',
  'math-240',
  'phys-101',
  'phys-102',
  'phys-201',
  'phys-210',
  'chem-101',
  'chem-102',
  'chem-201',
  'bio-101',
  'bio-102',
  'bio-201',
  'ee-101',
  'ee-201',
  'me-101',
  'me-201',
  'hist-101',
  'hist-201',
  'phil-101',
  'phil-201',
  'ling-101',
  'psych-101',
  'psych-201',
  'econ-101',
  'econ-102',
  'econ-201',
] as const;
export type CourseCode = (typeof COURSE_CODES)[number];

/** Each course's name and its room's path, as the room tree has them (a test keeps them equal). */
export const COURSE_CATALOGUE: Readonly<Record<CourseCode, { name: string; path: string }>> = {
  'cs-101': { name: 'Introduction to Programming', path: 'science.computer_science.cs-101' },
  'cs-102': { name: 'Programming II', path: 'science.computer_science.cs-102' },
  'cs-110': { name: 'Discrete Structures', path: 'science.computer_science.cs-110' },
  'cs-201': { name: 'Data Structures', path: 'science.computer_science.cs-201' },
  'cs-202': { name: 'Algorithms', path: 'science.computer_science.cs-202' },
  'cs-210': { name: 'Computer Architecture', path: 'science.computer_science.cs-210' },
  'cs-220': { name: 'Databases', path: 'science.computer_science.cs-220' },
  'cs-230': { name: 'Operating Systems', path: 'science.computer_science.cs-230' },
  'cs-240': { name: 'Computer Networks', path: 'science.computer_science.cs-240' },
  'math-101': { name: 'Calculus I', path: 'science.mathematics.math-101' },
  'math-102': { name: 'Calculus II', path: 'science.mathematics.math-102' },
  'math-110': { name: 'Linear Algebra', path: 'science.mathematics.math-110' },
  'math-201': { name: 'Real Analysis', path: 'science.mathematics.math-201' },
  'math-210': { name: 'Probability', path: 'science.mathematics.math-210' },
  'math-220': { name: 'Statistics', path: 'science.mathematics.math-220' },
  'math-230': { name: 'Abstract Algebra', path: 'science.mathematics.math-230' },
  'math-240': { name: 'Numerical Methods', path: 'science.mathematics.math-240' },
  'phys-101': { name: 'Mechanics', path: 'science.physics.phys-101' },
  'phys-102': { name: 'Electricity and Magnetism', path: 'science.physics.phys-102' },
  'phys-201': { name: 'Quantum Physics', path: 'science.physics.phys-201' },
  'phys-210': { name: 'Thermodynamics', path: 'science.physics.phys-210' },
  'chem-101': { name: 'General Chemistry', path: 'science.chemistry.chem-101' },
  'chem-102': { name: 'Organic Chemistry', path: 'science.chemistry.chem-102' },
  'chem-201': { name: 'Physical Chemistry', path: 'science.chemistry.chem-201' },
  'bio-101': { name: 'Cell Biology', path: 'science.biology.bio-101' },
  'bio-102': { name: 'Genetics', path: 'science.biology.bio-102' },
  'bio-201': { name: 'Ecology', path: 'science.biology.bio-201' },
  'ee-101': { name: 'Circuit Analysis', path: 'engineering.electrical_engineering.ee-101' },
  'ee-201': { name: 'Signals and Systems', path: 'engineering.electrical_engineering.ee-201' },
  'me-101': { name: 'Statics', path: 'engineering.mechanical_engineering.me-101' },
  'me-201': { name: 'Fluid Mechanics', path: 'engineering.mechanical_engineering.me-201' },
  'hist-101': { name: 'World History', path: 'humanities.history.hist-101' },
  'hist-201': { name: 'Modern Europe', path: 'humanities.history.hist-201' },
  'phil-101': { name: 'Introduction to Philosophy', path: 'humanities.philosophy.phil-101' },
  'phil-201': { name: 'Ethics', path: 'humanities.philosophy.phil-201' },
  'ling-101': { name: 'Introduction to Linguistics', path: 'humanities.linguistics.ling-101' },
  'psych-101': { name: 'Introduction to Psychology', path: 'social_sciences.psychology.psych-101' },
  'psych-201': { name: 'Cognitive Psychology', path: 'social_sciences.psychology.psych-201' },
  'econ-101': { name: 'Microeconomics', path: 'social_sciences.economics.econ-101' },
  'econ-102': { name: 'Macroeconomics', path: 'social_sciences.economics.econ-102' },
  'econ-201': { name: 'Econometrics', path: 'social_sciences.economics.econ-201' },
};

export interface CourseSuggestion {
  code: CourseCode;
  name: string;
}

const ALL: readonly CourseSuggestion[] = COURSE_CODES.map((code) => ({
  code,
  name: COURSE_CATALOGUE[code].name,
}));

/** 'Linear Algebra (math-110)': how a course reads in a suggestion. */
export const courseOptionLabel = (code: string): string => {
  const course = (COURSE_CATALOGUE as Record<string, { name: string } | undefined>)[code];
  return course ? `${course.name} (${code})` : code;
};

/** What a course may be called: its code, its name, both ('MATH-110 Linear Algebra', the room's name) and its path. */
const namesOf = (c: CourseSuggestion) => [
  c.code,
  c.name,
  `${c.code} ${c.name}`,
  COURSE_CATALOGUE[c.code].path,
];

/** The courses a typed text may mean, closest first (all of them for an empty text). */
export function findCourses(text: string): CourseSuggestion[] {
  if (!foldName(text)) return [...ALL];
  return matchNames(text, ALL, namesOf)?.items ?? [];
}

/**
 * The one course a typed text names: its code, its name, or a part of a name or code that only
 * one course has ('linear', 'Linear Algebra (math-110)' as a suggestion reads); undefined when
 * none or several do ('algebra' is Linear and Abstract Algebra).
 */
export function resolveCourse(text: string): CourseCode | undefined {
  const fromLabel = /\(([a-z]+-\d+)\)\s*$/i.exec(text.trim());
  const typed = fromLabel ? fromLabel[1]! : text;
  const found = matchNames(typed, ALL, namesOf);
  if (!found) return undefined;
  const [only, ...more] = found.items;
  if (more.length > 0) return undefined;
  // A guess from two letters would surprise more than it helps.
  if (found.tier !== 'exact' && foldName(typed).length < 3) return undefined;
  return only!.code;
}

/** `GET /api/courses/`: the courses matching `q` (a code, a name or a part of one); all without it. */
export const courseSearchQuery = z.object({ q: z.string().max(120).default('') });
export type CourseSearchQuery = z.infer<typeof courseSearchQuery>;

export const courseSearchResponse = z.object({
  courses: z.array(z.object({ code: z.enum(COURSE_CODES), name: z.string() })),
});
export type CourseSearchResponse = z.infer<typeof courseSearchResponse>;
