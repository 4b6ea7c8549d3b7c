import { describe, expect, test } from 'vitest';
import { answerInRoom } from './room-bot';
import type { ReadableMessage } from './types';

const conversation = (lines: Array<[string, string]>): ReadableMessage[] =>
  lines.map(([username, content], i) => ({
    id: i + 1,
    username,
    content,
    created_at: new Date(Date.UTC(2025, 3, 1, 9, i)).toISOString(),
  }));

const PLANNING = conversation([
  ['noor', 'we need to plan the poster before the deadline'],
  ['felix', "let's meet Tuesday at 4pm in the student union"],
  ['carmen', 'tuesday i have a tutorial till 6 so i cannot'],
  ['felix', 'actually Wednesday works better, same time, same place'],
  ['noor', 'wed works'],
  ['carmen', '@studybot when do we meet?'],
  ['noor', "I'll print the poster, it is due 25 april"],
  ['felix', 'the TA said A1 size'],
]);

describe('room bot answers', () => {
  test('a proposal that was replaced answers nothing: its latest version does', () => {
    const r = answerInRoom('@studybot when do we meet?', PLANNING);
    expect(r.cited).toContain(4);
    expect(r.cited).not.toContain(2);
  });

  test('a new time replaces the time and keeps the place', () => {
    const msgs = conversation([
      ['ana', 'study session monday 6pm in room B12, ok?'],
      ['ben', 'ok B12 monday'],
      ['ana', 'update: moved to thursday, same time'],
    ]);
    expect(answerInRoom('when is the study session?', msgs).cited).toContain(3);
    // The place was never changed: the message that said it still answers where.
    expect(answerInRoom('where is the study session?', msgs).cited).toContain(2);
  });

  test('"who" is answered by a person, else declined', () => {
    expect(answerInRoom('who prints the poster?', PLANNING).cited).toContain(7);
    // Nobody says who the TA is: the message that mentions the TA does not answer it.
    expect(answerInRoom('who is the TA?', PLANNING).skill).toBe('cannot');
  });

  test('requests to the bot are neither answers nor lines of a summary', () => {
    const summary = answerInRoom('@studybot summarise', PLANNING);
    expect(summary.skill).toBe('summary');
    expect(summary.cited).not.toContain(6);
    expect(summary.cited).toContain(4);
    expect(summary.cited).not.toContain(2);
    expect(answerInRoom('when do we meet?', PLANNING).cited).not.toContain(6);
  });
});

describe('room bot answers, kinds of question', () => {
  test('the latest version of a changed plan answers with the words of the one it replaced', () => {
    const msgs = conversation([
      ['camille', 'I propose we build the model in the workshop on tuesday 5pm'],
      ['gabe', 'sure'],
      ['camille', 'change of plan: the workshop is booked tuesday, we go thursday 5pm, same place'],
    ]);
    const r = answerInRoom('@studybot when do we build the model?', msgs);
    expect(r.cited).toContain(3);
    expect(r.cited).not.toContain(1);
  });

  test('a time said about a named thing is not the group meeting', () => {
    const msgs = conversation([
      ['ines', 'ok we meet wednesday 5pm in the workshop'],
      ['gabe', 'when is the review exactly?'],
      ['camille', 'monday the 17th at 10am, crit room 2'],
    ]);
    expect(answerInRoom('@studybot when do we meet?', msgs).cited).toContain(1);
    expect(answerInRoom('@studybot where is the review?', msgs).cited).toContain(3);
  });

  test('hours as a range and parts of the day: 9-12 is the morning shift, 12-3 the afternoon', () => {
    const msgs = conversation([
      ['dan', 'open day saturday, shifts are 9-12 and 12-3'],
      ['aisha', 'i take 12-3'],
      ['theo', 'the elephant toothpaste demo needs 2 people'],
    ]);
    expect(answerInRoom('@studybot what time is the afternoon shift?', msgs).cited).toContain(1);
  });

  test('a word clipped as chats clip it stands for the whole', () => {
    const msgs = conversation([
      ['nik', 'kaggle comp, deadline sun 23:59 utc. we doin it?'],
      ['rae', 'how many subs per day do we get'],
      ['nik', '5 per day per team'],
    ]);
    expect(answerInRoom('@studybot how many submissions per day?', msgs).cited).toContain(3);
    // A statement before the question is read for itself.
    expect(answerInRoom('@studybot when is the deadline?', msgs).cited).toContain(1);
  });

  test('"how long" wants a duration, "how many X" and "who is the X" need X', () => {
    const msgs = conversation([
      ['jaz', 'psych midterm is on the 21st, big lecture hall A'],
      ['mo', 'is it multiple choice?'],
      ['kel', '40 mcq + 2 short essays, 90 min'],
      ['jaz', 'i can laser cut the panels at the fab lab'],
    ]);
    expect(answerInRoom('@studybot how long is the exam?', msgs).cited).toContain(3);
    expect(answerInRoom('@studybot how many visitors came last year?', msgs).skill).toBe('cannot');
    expect(answerInRoom('@studybot who is the fab lab technician?', msgs).skill).toBe('cannot');
  });
});

describe('room bot answers, replies and phrasing', () => {
  test('a reply that turns to the asker by name answers their question past another question', () => {
    const msgs = conversation([
      ['will', 'how long does the essay need to be?'],
      ['jonas', 'can we meet wednesday? wed at 5 in the library'],
      ['amara', 'wed 5 is fine for me'],
      ['jonas', 'did anyone get the slides from last week?'],
      ['amara', 'uploaded them to the drive folder'],
      ['lena', 'will - 3000 words, plus minus 10%, and harvard referencing'],
    ]);
    expect(answerInRoom('how long does the essay need to be?', msgs).cited).toContain(6);
  });

  test('"who is V-ing X" is answered by a message that names X with another verb', () => {
    const msgs = conversation([
      ['harriet', 'two weeks of flashcards, one region each per week'],
      ['zofia', 'I will take upper limb'],
      ['ben', "I'll take thorax"],
      ['harriet', 'back for me then'],
      ['ben', 'has anyone else had their coffee card stop working at the library cafe'],
      ['zofia', 'mine also, I bring a thermos now'],
      ['harriet', 'we quiz each other on tuesdays at 6pm in room 4'],
    ]);
    expect(answerInRoom("who's covering thorax", msgs).cited).toContain(3);
  });

  test('"who\'s got X" takes the rest of the phrase when nobody said its head, "who is the X" does not', () => {
    const msgs = conversation([
      ['mira', 'some1 bring an extension lead theres never enuf plugs'],
      ['jdub', 'extension lead + my 2nd monitor on me'],
      ['sanj', 'the fab lab opens at 9'],
      ['kofi', 'ill bring the uno and my sensor kit'],
      ['mira', 'anyone see the derby last nite'],
      ['sanj', 'dont. just dont'],
      ['jdub', 'entry is free and they do pizza on saturday'],
    ]);
    expect(answerInRoom("who's got the extension cable", msgs).cited).toContain(2);
    expect(answerInRoom('who is the fab lab technician?', msgs).skill).toBe('cannot');
  });

  test('a common word without its vowels names nothing, and "5 p.m." is not a price', () => {
    const msgs = conversation([
      ['sadia', 'I can cover the rugby final for the sports page. 400 words?'],
      ['eleanor', 'Yes, 400 words. The printer requires final copy by Thursday at 5 p.m.'],
    ]);
    expect(answerInRoom('how long shld the sports report be', msgs).cited).toEqual(
      expect.arrayContaining([1]),
    );
    expect(answerInRoom('how much does printing cost?', msgs).skill).toBe('cannot');
  });
});

describe('room bot answers, kinds of things (WordNet)', () => {
  const TRIP = conversation([
    ['lucy', 'field visit on friday, what do we need to bring'],
    ['graham', 'wellingtons are essential, the paths flood after rain'],
    ['dev', 'and a packed lunch each, the cafe is dear'],
    ['lucy', 'samples go in the cool bin in my car boot'],
  ]);

  test('"what X" is answered by a message that names a kind of X', () => {
    expect(answerInRoom('what footwear do we need', TRIP).cited).toContain(2);
    expect(answerInRoom('which container do the samples go in', TRIP).cited).toContain(4);
  });

  test('a kind the room never named is still declined', () => {
    expect(answerInRoom('what drinks should we bring?', TRIP).skill).toBe('cannot');
  });
});

describe('room bot answers, who takes a part', () => {
  test('someone asked by name who accepts takes the task, and what it answered still counts', () => {
    const msgs = conversation([
      ['lena', 'ok lab handover list for the break, I will post it on the door'],
      ['omar', 'what about the toner for the plate reader, does it need ordering?'],
      ['dr_sato', 'Order two cartridges this week. Priya, could you do that?'],
      ['priya', 'Yes, no problem.'],
      ['kwame', 'rhi can u do the freezer log for the 2nd week?'],
      ['rhi', 'yep on it'],
    ]);
    expect(answerInRoom('who is ordering the toner', msgs).cited).toContain(3);
    expect(answerInRoom('whos doing the freezer log', msgs).cited).toEqual(expect.arrayContaining([6]));
  });

  test('a part taken just after someone named the thing takes that thing', () => {
    const msgs = conversation([
      ['jaz', 'stall at the freshers fair on the 20th, we need a plan'],
      ['kofi', 'banners are in the storage room by the gym, theyre huge'],
      ['dev', 'ill grab them, i have a key'],
      ['jaz', 'nice, i will do the sign up sheet'],
    ]);
    expect(answerInRoom("who's collecting the banners", msgs).cited).toContain(3);
    // Who someone is is not asked by a part taken: still declined.
    expect(answerInRoom('who is the fair organiser?', msgs).skill).toBe('cannot');
  });

  test('"covering" a day is doing it: the day is what is asked', () => {
    const msgs = conversation([
      ['dr_okafor', 'The lab is closed 2nd to 4th. Please say which days you can take.'],
      ['ben', 'I can cover the 2nd, the cover sheet is on the door'],
      ['hannah', 'Sorry, I must swap, my train is on the 3rd now. Can someone take it?'],
      ['yuki', 'I can do the 3rd'],
    ]);
    expect(answerInRoom('who is covering the 3rd', msgs).cited).toContain(4);
  });

  test('a name said last turns to that person; it is not who takes a part', () => {
    const msgs = conversation([
      ['mira', 'observing night friday, the field behind the gym is dark enough'],
      ['jonas', 'forecast is clear friday'],
      ['pete', 'i can bring binoculars?'],
      ['mira', 'binoculars lol we have a TELESCOPE pete'],
      ['suki', 'ok friday 9pm on the field, jonas gets the scope'],
    ]);
    expect(answerInRoom('who gets the telescope?', msgs).cited).toContain(5);
  });
});

describe('room bot answers, the choice the room opened with', () => {
  test('"what film" is answered by the conclusion of the choice the opening asked for', () => {
    const msgs = conversation([
      ['nadia', 'screening is thurs. we need to pick the film tonight: Alien, Heat or Up'],
      ['george', 'heat. a perfect film, no notes'],
      ['bex', 'Up is shorter and the projector is old'],
      ['nadia', 'poll closed: Up 4, Heat 2. Up it is 🎈'],
      ['sam', 'ok tech check wed 4pm then'],
      ['lou', 'poster: I will do it, 20 copies'],
    ]);
    expect(answerInRoom('what film are we showing', msgs).cited).toContain(4);
  });
});
