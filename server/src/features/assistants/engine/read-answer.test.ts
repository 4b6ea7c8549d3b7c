import { describe, expect, test } from 'vitest';
import { interviewTurn } from './interview';
import { CONFIDENCE_THRESHOLD, parseAnswer, readAnswer } from './parse-answer';

const days = (text: string) => [...new Set(parseAnswer(text).availability.map((w) => w.day))];
const windows = (text: string) => parseAnswer(text).availability.map((w) => `${w.day} ${w.start}-${w.end}`);

describe('reading answers as students write them', () => {
  test('one-offs and exam days are no weekly free time', () => {
    expect(windows('free now and tonight')).toEqual([]);
    expect(windows('free today after 3 and any monday after 3')).toEqual(['mon 15:00-22:00']);
    expect(days('my exam is on wednesday and i am free monday')).toEqual(['mon']);
    expect(days('deadline friday, free thursday')).toEqual(['thu']);
  });

  test('a time stays with its days; anytime and evenings do not escape them', () => {
    expect(windows('Mondays 2-4pm')).toEqual(['mon 14:00-16:00']);
    expect(days('weekends anytime, weekdays only evenings')).toHaveLength(7);
    expect(windows('weekends anytime, weekdays only evenings').filter((w) => w.startsWith('sat'))).toEqual([
      'sat 09:00-21:00',
    ]);
    expect(windows('weekdays I can only do after 8pm; weekends')).toContain('sat 09:00-21:00');
  });

  test('negations: not weekends, anything but Friday, not Sunday mornings', () => {
    expect(days('not weekends')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
    expect(days('anything but Friday works, evenings')).toEqual(['mon', 'tue', 'wed', 'thu', 'sat', 'sun']);
    expect(windows('weekends are free, not sunday mornings though')).toEqual([
      'sat 09:00-21:00',
      'sun 12:00-21:00',
    ]);
    expect(days('Monday is bad, Tuesday 3-5 is good')).toEqual(['tue']);
  });

  test('clock forms: 16h-18h, noon, 2-4pm, 18 Uhr, 6 to 9', () => {
    expect(windows('Tuesdays 16h-18h')).toEqual(['tue 16:00-18:00']);
    expect(windows('Friday at noon')).toEqual(['fri 12:00-14:00']);
    expect(windows('Thu 2-4pm')).toEqual(['thu 14:00-16:00']);
    expect(windows('Montags ab 18 Uhr')).toEqual(['mon 18:00-22:00']);
    expect(windows('Sunday 6 to 9 in the evening')).toEqual(['sun 18:00-21:00']);
  });

  test('day names in French, Spanish and German', () => {
    expect(windows('le mardi soir et le jeudi soir')).toEqual(['tue 18:00-22:00', 'thu 18:00-22:00']);
    expect(windows('los lunes y miércoles por la tarde')).toEqual(['mon 12:00-18:00', 'wed 12:00-18:00']);
    expect(days('Samstag und Sonntag')).toEqual(['sat', 'sun']);
  });

  test('role cues in other words and other languages', () => {
    expect(parseAnswer('orgo tutor here, hmu').role).toBe('tutor');
    expect(parseAnswer('can take on a couple more students for stats').role).toBe('tutor');
    expect(parseAnswer('need stats help').role).toBe('tutoree');
    expect(parseAnswer('teach me thermo pls').role).toBe('tutoree');
    expect(parseAnswer('Could someone tutor me in world history?').role).toBe('tutoree');
    expect(parseAnswer('study session for OS anyone?').role).toBe('group');
    expect(parseAnswer('looking for a crew for macro').role).toBe('group');
    expect(parseAnswer("I'm in a research group for ecology").role).toBeNull();
    expect(parseAnswer('Je cherche un tuteur pour la mécanique').role).toBe('tutoree');
    expect(parseAnswer('Busco grupo de estudio').role).toBe('group');
    expect(parseAnswer('Ich kann Nachhilfe geben').role).toBe('tutor');
  });

  test('courses: abbreviations, passed courses, no ordinary word as a course', () => {
    expect(parseAnswer('totally lost in LA').courses).toEqual(['math-110']);
    expect(parseAnswer('la la land').courses).toEqual([]);
    expect(parseAnswer('discrete study group?').courses).toEqual(['cs-110']);
    expect(parseAnswer('passed calc last term, now in calc 2').courses).toEqual(['math-102']);
    expect(parseAnswer('done discrete and data structures already, now algo').courses).toEqual(['cs-202']);
    expect(parseAnswer('explain orgo mechanisms to me').courses).toEqual(['chem-102']);
    expect(parseAnswer("i don't get genetics at all").courses).toEqual(['bio-102']);
    expect(parseAnswer("l'algèbre linéaire").courses).toEqual(['math-110']);
  });

  test('modality: a place is in person, discord only is online, campus or online is either', () => {
    expect(parseAnswer('at the chem building').modality).toBe('in_person');
    expect(parseAnswer('in the lounge on the 3rd floor').modality).toBe('in_person');
    expect(parseAnswer('discord only').modality).toBe('online');
    expect(parseAnswer("campus or online, doesn't matter").modality).toBe('either');
    expect(parseAnswer('sometimes online, sometimes in person').modality).toBe('hybrid');
    expect(parseAnswer('I live off campus so remote is best').modality).toBe('remote');
  });
});

describe('dialect spellings, tuition and grinds', () => {
  test('Scots and Caribbean spellings read as the words they stand for', () => {
    expect(windows('Thursdays fae 2 tae 5')).toEqual(['thu 14:00-17:00']);
    expect(windows('Tuesdays an Thursdays after 4')).toEqual(['tue 16:00-22:00', 'thu 16:00-22:00']);
    expect(windows("free Tuesday's and Thursday's at noon")).toEqual(['tue 12:00-14:00', 'thu 12:00-14:00']);
    expect(parseAnswer("Aye nae bother, ah can help wi' orgo").role).toBe('tutor');
    expect(parseAnswer('Aye, looking for folk tae revise stats wi').role).toBe('group');
  });

  test('giving tuition is an offer; taking it, or a grind, is a request', () => {
    expect(parseAnswer('I want to give tuition in Physical Chemistry').role).toBe('tutor');
    expect(parseAnswer('I take tuition for physics, need more help').role).toBe('tutoree');
    expect(parseAnswer('in bits with fluids. Need a grind, will pay').role).toBe('tutoree');
    expect(parseAnswer('looking for a grind group for algorithms').role).toBe('group');
  });

  test('who to study with, and reading groups one joins', () => {
    expect(parseAnswer('Looking for someone to go over Macroeconomics with.').role).toBe('group');
    expect(parseAnswer("I'd like to join or start a reading group for Ethics").role).toBe('group');
    expect(parseAnswer("I'm in a reading group for philosophy but need help with ethics").role).toBe(
      'tutoree',
    );
    expect(parseAnswer("I'd want someone who knows their stuff, I'm cooked").role).toBe('tutoree');
  });

  test('a writer unsure between two roles is asked', () => {
    expect(
      parseAnswer("I'm not sure if I need a tutor or just a group tbh. Linear algebra.").role,
    ).toBeNull();
  });

  test('"either way" opening a sentence is no modality; "la biblio" is a place', () => {
    expect(parseAnswer('Either way I would want someone who knows calc').modality).toBeNull();
    expect(parseAnswer('online or in person, either way is fine').modality).toBe('either');
    expect(parseAnswer('los lunes en la biblio o por zoom').modality).toBe('either');
  });
});

describe('roles said in the negative or in exchange, and places away from campus', () => {
  test('a role refused is not the role asked for', () => {
    expect(parseAnswer("I'm not here to be tutored, I'm here to tutor. Cell biology.").role).toBe('tutor');
    expect(
      parseAnswer('Not looking for a group. I can help undergrads with quantum if they need.').role,
    ).toBe('tutor');
    expect(parseAnswer("I don't want a group. I want one person who actually knows circuits.").role).toBe(
      'tutoree',
    );
  });

  test('help offered in return is the price of a request', () => {
    expect(parseAnswer('Can teach you German in return, I just need Real Analysis help').role).toBe(
      'tutoree',
    );
  });

  test('Pidgin, Portuguese and German words for the roles', () => {
    expect(parseAnswer('I fit teach anybody wey dey struggle with Kirchhoff').role).toBe('tutor');
    expect(parseAnswer('Galera, bora montar grupo de Algoritmos?').role).toBe('group');
    expect(parseAnswer('ich würde gerne mit anderen zusammen Statistik lernen').role).toBe('group');
    expect(parseAnswer('Ich brauch dringend Hilfe in Statistik').role).toBe('tutoree');
  });

  test('away from campus is remote; a place or a format names its modality', () => {
    expect(parseAnswer('I am in Moscow now for family reasons so only online').modality).toBe('remote');
    expect(parseAnswer('Deployed overseas, taking Ethics online').modality).toBe('remote');
    expect(parseAnswer("I'm back home in Abuja till January, so I can only join online").modality).toBe(
      'remote',
    );
    // Away, with no word for how to meet, says nothing of it.
    expect(parseAnswer('Back home in Chittagong till Jan, 10 hrs ahead').modality).toBeNull();
    expect(parseAnswer('one week in person, one week online').modality).toBe('hybrid');
    expect(parseAnswer('Physical meeting preferred. Fridays 4pm').modality).toBe('in_person');
    expect(parseAnswer("I'm in class now, online works").modality).toBe('online');
    expect(parseAnswer('Preferisco in presenza').modality).toBe('in_person');
    expect(parseAnswer("online sessions only, can't do in person at all").modality).toBe('online');
    expect(parseAnswer("Is in person possible? I'd prefer that over online honestly.").modality).toBe(
      'in_person',
    );
    expect(parseAnswer('Fridays 3 to 7pm, the math lounge.').modality).toBe('in_person');
  });

  test('a viva moved to a day is an event; a bedtime is no end of free time; "tranne" refuses', () => {
    expect(days('Our viva got preponed to Monday. Evenings from Tuesday to Saturday I am free.')).toEqual([
      'tue',
      'wed',
      'thu',
      'fri',
      'sat',
    ]);
    expect(windows('kids in bed by 8:30 so I can do 9-11pm Sundays')).toEqual(['sun 21:00-23:00']);
    expect(days('il pomeriggio, tranne il venerdì')).not.toContain('fri');
  });
});

describe('roles, modality and days in more voices', () => {
  test('roles in more languages and slang; a swap of help for help is asked', () => {
    expect(parseAnswer("I'd be tickled to help anybody strugglin' with calc").role).toBe('tutor');
    expect(parseAnswer("man's tryna link wiv a tutor for circuits").role).toBe('tutoree');
    expect(parseAnswer('need someone to bounce ideas off for my ethics essay').role).toBe('group');
    expect(parseAnswer('Ami ecology te help korte pari').role).toBe('tutor');
    expect(parseAnswer('Mainu mechanics vich help chahidi hai').role).toBe('tutoree');
    expect(parseAnswer('M ap chèche yon gwoup pou etidye Microeconomics').role).toBe('group');
    expect(
      parseAnswer("I'll help you with Calc 1 if you help me with physics mechanics. Deal?").role,
    ).toBeNull();
  });

  test('hybrid said as halves or alternate weeks; "also can" on both sides; a place by name', () => {
    expect(parseAnswer('half the sessions on Meet, half at the library').modality).toBe('hybrid');
    expect(parseAnswer('one week in person at the psych building, the next on Zoom').modality).toBe('hybrid');
    expect(parseAnswer('Online also can, in person also can.').modality).toBe('either');
    expect(parseAnswer('Grand with either Zoom or meeting in the Hamilton').modality).toBe('either');
    expect(parseAnswer('Saturday mornings at the Waffle House by campus').modality).toBe('in_person');
  });

  test('Romanian and Haitian days; a greeting is no Saturday; a one-off keeps its time', () => {
    expect(windows('Luni și miercuri after 4pm')).toEqual(['mon 16:00-22:00', 'wed 16:00-22:00']);
    expect(windows('Lendi ak mèkredi aswè')).toEqual(['mon 18:00-22:00', 'wed 18:00-22:00']);
    expect(days('Sat sri akal ji! After 8 PM weekdays')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
    expect(windows('anyone free tonite for circuts?? like 9pm, library')).toEqual([]);
    expect(windows('Evenings only, 7-9, on Discord')).toHaveLength(7);
  });
});

describe('confidence', () => {
  test('every slot read carries a confidence; an empty slot has none', () => {
    const { confidence } = readAnswer('I need a tutor for CS-101, online, in English, Tuesday evenings');
    for (const slot of ['courses', 'languages', 'modality', 'availability', 'role'] as const)
      expect(confidence[slot]).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
    expect(readAnswer('hello').confidence.role).toBe(0);
  });

  test('availability a guess is asked: a clock time not read, the small hours, a time not tied to its days', () => {
    for (const text of [
      'Saturdays 0900h to 1100h',
      "Saturday morning or 1 o'clock on sunday",
      'Mondays and Wednesdays 2-4, also Friday. evenings are best',
    ]) {
      const { reading, confidence } = readAnswer(text);
      expect(reading.availability.length, text).toBeGreaterThan(0);
      expect(confidence.availability, text).toBeLessThan(CONFIDENCE_THRESHOLD);
      expect(parseAnswer(text).availability, text).toEqual([]);
    }
    expect(readAnswer('Saturdays 9am to 11am').confidence.availability).toBeGreaterThanOrEqual(
      CONFIDENCE_THRESHOLD,
    );
  });

  test('a slot read below the threshold is left empty, and the interview asks about it', () => {
    const text = "I'm stuck on calc but good at stats";
    const { reading, confidence } = readAnswer(text);
    expect(reading.role).not.toBeNull();
    expect(confidence.role).toBeLessThan(CONFIDENCE_THRESHOLD);
    expect(parseAnswer(text).role).toBeNull();
    const turn = interviewTurn(null, text);
    expect(turn.missing[0]).toBe('role');
    expect(turn.reply).toMatch(/looking for help \(a tutor\)/);
  });
});

describe('the sixteenth outside set', () => {
  test('someone to go over a subject "with me" is a tutor asked for; "with" alone, a partner', () => {
    expect(parseAnswer('I need someone to go through thermo with me, I am so behind').role).toBe('tutoree');
    expect(parseAnswer('Looking for someone to go through thermo with').role).toBe('group');
  });

  test('an offer with its "I" left out after a comma is an offer', () => {
    expect(parseAnswer('History major, can help with essay writing. Weekends').role).toBe('tutor');
  });

  test('a time offered "for a tutor" asks for one; other parents to study with are a group', () => {
    expect(parseAnswer('weekday mornings for a tutor in genetics, online').role).toBe('tutoree');
    expect(parseAnswer('Looking for other commuters to revise accounting with').role).toBe('group');
  });

  test('a roster of one week on, one week off is no hybrid; a CAT on a day is a test', () => {
    expect(parseAnswer('rig roster, one week on one week off. online only').modality).toBe('online');
    expect(parseAnswer('one week on campus, the next one online').modality).toBe('hybrid');
    expect(days('need help with thermo, my CAT is on thursday. free fridays')).toEqual(['fri']);
  });

  test('a course name in "chemistry" is read when said "chem"', () => {
    expect(parseAnswer('struggling with physical chem this term').courses).toEqual(['chem-201']);
  });

  test('a language said to be "not perfect" or "not great" is not offered', () => {
    expect(parseAnswer("My English isn't great. I speak Spanish and Catalan.").languages).toEqual([
      'es',
      'ca',
    ]);
    expect(parseAnswer('My English is good and I speak Spanish').languages).toEqual(['en', 'es']);
  });

  test('indifference said of the time is no modality', () => {
    expect(parseAnswer('whenever really, whatever works. need help with stats').modality).toBeNull();
    expect(parseAnswer('online or in person, whatever works').modality).toBe('either');
  });

  test('a course named by the first word of its name, listed after another course, is that course', () => {
    expect(parseAnswer('need a group for calc 2 and numerical.').courses).toEqual(['math-102', 'math-240']);
    // A common word is no course ("real" is not Real Analysis).
    expect(parseAnswer('need a group for calc 2 and real.').courses).toEqual(['math-102']);
  });

  test('"no idea how any of this works" is about the app, no help asked', () => {
    expect(parseAnswer('new here, no idea how any of this works. i take calc and bio').role).toBeNull();
    expect(parseAnswer('no idea how to do integrals').role).toBe('tutoree');
  });

  test('"need tut 4 X" asks for a tutor; a Dutch "studiegroep" is a group', () => {
    expect(parseAnswer('need tut 4 stats, free weekends').role).toBe('tutoree');
    expect(parseAnswer('zoek een studiegroep voor statistics').role).toBe('group');
  });
});

describe('the seventeenth and eighteenth outside sets', () => {
  test('trouble said in other words is a state of needing help', () => {
    expect(parseAnswer('Thermo is giving me trouble. Free Mondays').role).toBe('tutoree');
    expect(parseAnswer('organic chem is my weak spot').role).toBe('tutoree');
    expect(parseAnswer('Statistics is my problem, free weekends').role).toBe('tutoree');
    expect(parseAnswer("I'm not good with calculus at all").role).toBe('tutoree');
    expect(parseAnswer('stats is wrecking my head').role).toBe('tutoree');
    expect(parseAnswer('the proofs part is hard for me').role).toBe('tutoree');
  });

  test('a course said to be "not good with" is trouble, not a course said to be fine', () => {
    expect(parseAnswer('third year physics. not good with thermo at all, need help').courses).toEqual([
      'phys-210',
    ]);
  });

  test('an offer said at the end of its clause, to whoever needs help, or as years as a TA', () => {
    expect(parseAnswer('Good with calculus, got a B+, happy to help.').role).toBe('tutor');
    expect(parseAnswer("I'm good in calculus, can help.").role).toBe('tutor');
    expect(parseAnswer("I'm comfortable with calculus if anyone needs help.").role).toBe('tutor');
    expect(parseAnswer('Calc tutor, 2 yrs as a TA.').role).toBe('tutor');
  });

  test('an emoji ends a sentence before an offer with its "I" left out', () => {
    expect(parseAnswer("Leeds girl in Bristol 💅🏾 Can help with genetics, I'm a biomed student").role).toBe(
      'tutor',
    );
  });

  test('explaining "also" or "too" in a language offers the language, not tutoring', () => {
    expect(parseAnswer('Need help with circuits. I can explain in French too if useful').role).toBe(
      'tutoree',
    );
    expect(parseAnswer('Thermo is killing me. I can also explain in Tamil.').role).toBe('tutoree');
    expect(parseAnswer('I can explain calc in Hindi, free mondays').role).toBe('tutor');
  });

  test('a shift named by its part of the day, hyphenated or as a rota, is no free time', () => {
    expect(windows("I'm a night-shift cleaner so only free 1 to 4 on weekdays")).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 13:00-16:00`),
    );
    expect(windows("I'm on evenings at the pub this term, so mornings")).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 08:00-12:00`),
    );
  });

  test('a range hedged after a word of preference is a time on its own', () => {
    expect(windows("i'm on nights at the depot this month so daytime is better, like 11-3")).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 11:00-15:00`),
    );
  });

  test('a day or a part of the day said to be busy, or kept for something else, is out', () => {
    expect(windows('Delivery driver, evenings are my busy time. Mornings 8 to 11 free weekdays')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 08:00-11:00`),
    );
    expect(windows('Free Mondays, Fridays are for family.')).toEqual(['mon 09:00-21:00']);
    expect(windows('Mondays are my busy day but Tuesday evenings work')).toEqual(['tue 18:00-22:00']);
  });

  test('work after a comma, a workplace with its clock range and classes with their days are busy', () => {
    expect(windows('free mondays, work at a bakery 5am-1pm tuesdays')).toEqual(['mon 09:00-21:00']);
    expect(windows("I'm at a petrol station 6-2 weekdays so weekends only")).toEqual([
      'sat 09:00-21:00',
      'sun 09:00-21:00',
    ]);
    expect(windows('Lectures Mon & Wed all morning. Tuesday afternoons work')).toEqual(['tue 12:00-18:00']);
  });

  test('the first or second weekend of the month is no weekly slot', () => {
    expect(windows('reserve drill is the 2nd weekend of the month. tuesdays after 6 work')).toEqual([
      'tue 18:00-22:00',
    ]);
  });

  test('"other days" are the days not named before them', () => {
    expect(windows('I do 10 hr shifts mon and tues. other days fine after 2pm')).toEqual(
      ['wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 14:00-22:00`),
    );
  });

  test('"my only free weekday" is the one day named, not all five', () => {
    expect(windows('on placement mon-wed, so thursday is my only free weekday. also saturdays.')).toEqual([
      'thu 09:00-21:00',
      'sat 09:00-21:00',
    ]);
    expect(windows('only weekday evenings')).toHaveLength(5);
  });

  test('an evening named as an event after "that\'s" is no time', () => {
    expect(windows("evenings after 8 best. not tuesdays, that's quiz night")).toEqual(
      ['mon', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 20:00-22:00`),
    );
  });

  test('a time zone offset is no hour; a job named by its hours and "lab till 8" are not doubted', () => {
    expect(windows('Evenings (UTC+5:45), between 6 and 9')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 18:00-21:00`),
    );
    expect(windows("I've got a 9-5 at an insurance office, weekday evenings are free.")).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 18:00-22:00`),
    );
    expect(windows('free after 4 every day except mon/wed when I have lab till 7')).toEqual(
      ['tue', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 16:00-22:00`),
    );
  });

  test('where the student studies or works, and how the degree is taught, is no way to meet', () => {
    expect(parseAnswer("I'm at uni in Cairns, need help with stats. mondays after 4").modality).toBeNull();
    expect(parseAnswer('exchange at Uni of Ghent this year. can help with calc').modality).toBeNull();
    expect(parseAnswer("I'm doing an online degree, need help with calc. evenings").modality).toBeNull();
    expect(parseAnswer('on placement at a school mon-wed, so thursday').modality).toBeNull();
    expect(parseAnswer('I work at the uni library monday and wednesday. stats group?').modality).toBeNull();
    expect(parseAnswer('Can only do school hours, 9 to 2 weekdays. online is fine').modality).toBe('online');
    expect(parseAnswer('power cuts a lot so zoom can be a problem. mornings').modality).toBeNull();
    expect(parseAnswer('just want people to study stats with, not fussed about when').modality).toBeNull();
    expect(parseAnswer('Online or at the Riverside City Centre food court, sundays after 2').modality).toBe(
      'either',
    );
  });
});

describe("the round on the nineteenth set's dev misses", () => {
  test('hating a course is trouble with it', () => {
    expect(parseAnswer('taking physics this term and I hate it').role).toBe('tutoree');
    expect(parseAnswer("organic chem, i'm hating it").role).toBe('tutoree');
  });
});
