import { describe, expect, test } from 'vitest';
import { interviewTurn } from './interview';
import { emptyProgress, openingQuestion } from './progress';
import type { InterviewProgress } from './types';

function run(answers: string[]) {
  let progress: InterviewProgress | null = null;
  const turns = answers.map((a) => {
    const turn = interviewTurn(progress, a);
    progress = turn.progress;
    return turn;
  });
  return turns;
}

describe('the interview dialogue', () => {
  test('opens with a question about everything it needs', () => {
    expect(openingQuestion()).toMatch(/courses/);
    expect(emptyProgress().reading.courses).toEqual([]);
    expect(emptyProgress().asked).toEqual([]);
  });

  test('says what it understood, then asks only for what it missed, one slot at a time', () => {
    const [first, second] = run([
      "I'm stuck on linear algebra, I speak English and German, Tuesdays after 6",
      'online is fine',
    ]);
    expect(first!.reply).toMatch(/^Got it: .*MATH-110 Linear Algebra.*English, German.*Tue 18:00–22:00/);
    expect(first!.reply).toMatch(/online, in person/);
    expect(first!.missing[0]).toBe('modality');
    expect(first!.missing).not.toContain('courses');
    expect(first!.complete).toBe(false);
    expect(second!.reply).toMatch(/^Got it: online\./);
    expect(second!.progress.reading.modality).toBe('online');
    expect(second!.missing).toEqual(['hobbies', 'campus']);
  });

  test('asks each missing slot at most once, then completes with the card', () => {
    const turns = run(['hello', 'dunno', 'dunno', 'dunno', 'dunno', 'dunno', 'dunno', 'dunno']);
    const asked = turns.filter((t) => !t.complete);
    expect(asked).toHaveLength(7);
    const done = turns.findIndex((t) => t.complete);
    expect(done).toBe(7);
    expect(turns[done]!.reply).toMatch(/card on the right/);
    expect(turns[done]!.missing).toEqual([]);
  });

  test('later answers add to lists; a later modality or role replaces the earlier one', () => {
    const turns = run([
      'I need help with calc 1, online, English',
      'also linear algebra and some French; actually in person',
    ]);
    const r = turns[1]!.progress.reading;
    expect(r.courses).toEqual(['math-101', 'math-110']);
    expect(r.languages).toEqual(['en', 'fr']);
    expect(r.modality).toBe('in_person');
    const role = run(['I need help with calc 1', "actually I'd like to tutor"]);
    expect(role[1]!.progress.reading.role).toBe('tutor');
  });

  test('a study group about a hobby needs no course', () => {
    const [turn] = run([
      'looking for a group to go running with, English, any weekend morning, in person, North campus',
    ]);
    expect(turn!.progress.reading.role).toBe('group');
    expect(turn!.missing).not.toContain('courses');
  });

  test('completes at once when the first answer says everything', () => {
    const [turn] = run([
      'I want to tutor CS-101 in English or German, online, weekday evenings. I love chess. Usually on the Riverside campus.',
    ]);
    expect(turn!.complete).toBe(true);
    expect(turn!.reply).toMatch(/^Got it: .*\n\nThat's everything I need/);
  });

  test('a short answer is read for the slot just asked about; "skip" skips', () => {
    const base = 'I need help with calc 1 in English, online, weekends.';
    const turns = run([base, 'skip', 'Riverside']);
    expect(turns[0]!.progress.pending).toBe('hobbies');
    expect(turns[1]!.reply).toMatch(/^Okay, skipping that\./);
    expect(turns[1]!.progress.pending).toBe('campus');
    expect(turns[2]!.progress.reading.campus).toBe('Riverside campus');
    expect(turns[2]!.complete).toBe(true);
    const modality = run(['I need help with calc 1 in English, weekends.', 'both']);
    expect(modality[1]!.progress.reading.modality).toBe('hybrid');
    const role = run(['calc 1, English, online, weekends', 'tutoring']);
    expect(role[1]!.progress.reading.role).toBe('tutor');
    expect(run(['calc 1, English, online, weekends', 'a group'])[1]!.progress.reading.role).toBe('group');
  });

  test('a slot the engine doubts is asked about, and the answer to that question fills it', () => {
    // "7:30" bounds no window read (14:00–16:00), and in person is named beside Zoom with no word of
    // choice: both are asked rather than filled with a guess.
    const turns = run([
      'Need a tutor for calc 1, I speak English. In person, zoom makes me sleepy. Weekdays 2-4pm, I get home at 7:30.',
      'In person',
      'Weekday mornings',
    ]);
    expect(turns[0]!.progress.reading.availability).toEqual([]);
    expect(turns[0]!.progress.reading.modality).toBeNull();
    expect(turns[0]!.missing.slice(0, 2)).toEqual(['modality', 'availability']);
    expect(turns[0]!.progress.pending).toBe('modality');
    expect(turns[1]!.progress.reading.modality).toBe('in_person');
    expect(turns[1]!.progress.pending).toBe('availability');
    expect(turns[2]!.progress.reading.availability).toHaveLength(5);
  });
});
