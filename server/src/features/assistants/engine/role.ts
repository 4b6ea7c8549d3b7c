import { LANGUAGE_NAMES, type InterviewReading } from '@studium/protocol';
import { fold } from './text';

/**
 * The role an interview answer asks for, from weighted cues over the folded text, in English,
 * French, Spanish and German. docs/assistants.md, "Reading an interview answer".
 */

type Role = NonNullable<InterviewReading['role']>;

/** Whom a tutor offers to help: "a few first years", "people", "anyone". */
const PEOPLE = String.raw`(?:a few |some |a couple (?:of )?|any |other |more |fellow )?(?:younger |new |junior |struggling )?(?:people|ppl|others|students|undergrads|(?:first|1st)[- ]?years|freshers|freshmen|juniors|beginners|newbies|classmates|anyone|anybody|folks?|kids|mentees|tutees)`;

/** Role cues: [pattern, role, weight]. A want ("looking for a tutor") outweighs a state ("stuck"). */
const ROLE_PATTERNS: ReadonlyArray<[RegExp, Role, number]> = [
  // Offering to those who struggle comes first, so their "struggling" is not the writer's:
  // "I could give a hand to anyone who's struggling".
  [
    /\b(?:any ?one|any ?body|people|others|students|those|whoever|first[- ]years) (?:who|that)(?:'s|'re| is| are)? (?:struggling|stuck|lost|needs? (?:help|a hand))\b/g,
    'tutor',
    3,
  ],
  // Asking whoever can help: "DM me if you can help".
  [
    /\bif (?:you|u|anyone|anybody|someone|somebody) (?:can|could|is able to) (?:help|explain|teach|tutor)\b/g,
    'tutoree',
    3,
  ],
  // Someone else's struggle is an opening for the writer's help: "DM me if you're stuck".
  [
    /\b(?:if|when|whenever) (?:you'?re|you are|u r|ur|you get|anyone(?:'s| is| gets)?|someone(?:'s| is| gets)?) (?:\w+ )?(?:stuck|struggling|lost|confused)\b/g,
    'tutor',
    2,
  ],
  // An offer of help to people, in any words: "I could help a few first years", "happy to take
  // on a couple of undergrads", "I'd rather be the one teaching", "happy to look over people's work".
  [
    new RegExp(
      String.raw`\b(?:can|could|happy to|glad to|willing to|able to|i'?d|i'?ll|love to) (?:\w+ )?(?:help(?: out)?|give a hand|lend a hand|support|assist|guide|mentor|coach) ${PEOPLE}\b|\b(?:give|lend) ${PEOPLE} a hand\b|\b(?:can|could|happy to|glad to|willing to|i'?d|i'?ll) (?:\w+ )?(?:give|lend) a hand (?:with|in)\b|\btake on ${PEOPLE}\b|\bbe the one (?:teaching|explaining|helping|tutoring|doing the teaching)\b|\brather (?:teach|tutor|help others)\b|\b(?:look over|go over|check|review|mark|proofread) (?:people'?s|others'?|other people'?s|your|students'?) (?:work|essays?|code|answers|problem sets|homework)\b`,
      'g',
    ),
    'tutor',
    3,
  ],
  // An offer said at the end of its clause: "got a B+ in calc, happy to help.", "good in thermo,
  // can help"; and help offered to whoever needs it: "if anyone needs help"; a time as a TA.
  [
    /\b(?:happy|glad|willing|keen|able) to help(?: out)?(?=\s*(?:[.!,;]|$|if\b))|(?:^|[.!?,]\s*)(?:i )?(?:can|could) help(?: out)?(?=\s*(?:[.!;]|$))|\bif (?:any ?one|any ?body|some ?one|some ?body|you|u) (?:ever )?needs? (?:help|a hand)\b|\b(?:yrs?|years?|semesters?|terms?) as an? (?:ta|tutor)\b/g,
    'tutor',
    3,
  ],
  // Asking for people to work with: "need ppl for orgo problem sets", "want a couple more people
  // to quiz each other", "grind sesh anyone?".
  [
    /\b(?:need|want|looking for|find|searching for|seeking) (?:a couple (?:of |more )?|a few (?:more )?|some (?:more )?|more |other |new )?(?:people|ppl|classmates|partners|study partners|mates|peeps) (?:for|to)\b|\b(?:need|want|looking for|find|searching for|seeking) (?:other|fellow) [\w-]+s to (?:study|revise|learn|work|prepare|prep)\b|\beach other\b|\b[\w-]+ sesh(?:es)?\b/g,
    'group',
    3,
  ],
  // Help offered to whoever struggles, said without "who": "I'd be tickled to help anybody
  // struggling"; people to think with: "need someone to bounce ideas off"; teaching in slang: "I'm
  // tryna put people on".
  [
    /\bhelp (?:any ?body|any ?one|people|others|folks|y'?all) (?:struggling|stuck|lost)\b|\bput (?:people|folks|y'?all|ppl) on\b/g,
    'tutor',
    3,
  ],
  [/\bbounce ideas off\b/g, 'group', 3],
  // Walking people through a subject: "I can take folk through Microeconomics".
  [new RegExp(String.raw`\b(?:take|walk) (?:${PEOPLE}|you|y'?all|them) through\b`, 'g'), 'tutor', 3],
  // Asked to be quizzed or drilled: "looking for someone to quiz me on Intro to Philosophy".
  [/\b(?:quiz|drill) me\b/g, 'tutoree', 3],
  [/\b(?:link|linking|connect|hook me up) (?:up )?with (?:a |some )?tutors?\b/g, 'tutoree', 3],
  // "Kindly connect me with someone for Databases": asking to be put in touch, a hint.
  [/\b(?:connect|link|put|hook) me (?:up )?(?:with|to) (?:some ?one|some ?body|a senior)\b/g, 'tutoree', 2],
  // Tuition and grinds, as South Asian and Irish students say tutoring: "I want to give tuition in
  // physical chemistry" offers it, "I take tuition" and "need a grind, will pay" ask for it.
  [/\b(?:give|giving|offer|offering|provide|providing) (?:\w+ )?tuitions?\b/g, 'tutor', 3],
  [
    /\b(?:need|want|looking for|get|find|seeking|take|taking) (?:a |some |private )?(?:grinds?|tuition)\b(?! ?(?:group|sesh|session|together|with))/g,
    'tutoree',
    3,
  ],
  [
    /\b(?:will|happy to|willing to|i'?ll|can) pay(?: (?:for (?:it|them|a tutor|tutoring|lessons)|you|well))?(?=[\s.,!]|$)(?!\s+for (?:coffee|food|snacks|drinks|pizza|the))/g,
    'tutoree',
    2,
  ],
  // Someone who knows the subject, wanted: "I want one person who actually knows Circuit Analysis".
  [
    /\b(?:want|need|looking for|find|would like|i'?d like) (?:just )?(?:some ?one|some ?body|a person|one person) who (?:really |actually )?(?:knows|understands)\b/g,
    'tutoree',
    3,
  ],
  // Said without the want, a hint: "I'd want someone who knows their stuff".
  [
    /\b(?:some ?one|some ?body|a person|one person) who (?:really |actually )?(?:knows|understands) (?:their|the|what they'?re|his|her|[\w&-]+ [\w&-]+)(?: (?:stuff|subject|material|doing))?\b|\b(?:if )?(?:any ?one|any ?body|some ?one) (?:is |who'?s |that'?s )?good at (?:it|this|that)\b/g,
    'tutoree',
    2,
  ],
  // Portuguese and Italian.
  [
    /\b(?:precis(?:o|ava|ando|aria) (?:muito |mesmo )?de (?:ajuda|um tutor|tutor|alguem)|(?:alguien|alguem|qualcuno) (?:que|che) (?:me |mi )?(?:explique|ayude|ensene|ajude|ensine|aiuti|spieghi|insegni)|procuro (?:um |uma )?(?:tutor|professor|explicador)|me ajud[ae]|cerco (?:qualcuno|un (?:tutor|insegnante))|mi aiuti|ho bisogno di (?:aiuto|un tutor))/g,
    'tutoree',
    3,
  ],
  [/\b(?:posso (?:ajudar|ensinar|explicar|aiutare|spiegare|insegnare)|posso dare ripetizioni)/g, 'tutor', 3],
  [/\b(?:grupo de estudos?|estudar juntos|gruppo di studio|studiare insieme)/g, 'group', 3],
  // Hindi and Tagalog words in an English answer: "help chahiye", "padha sakta hoon",
  // "kailangan ko ng tulong", "pwede akong tumulong", "sabay mag-aral".
  [
    /\b(?:help chahiye|help chahidi|madad chahiye|samajh nahi aa?(?:ta|ti|raha|rahi)|kailangan ko ng tulong|patulong)\b/g,
    'tutoree',
    3,
  ],
  [
    /\b(?:padha sakt[ai]|sikha sakt[ai]|samjha sakt[ai]|pwede akong tumulong|(?:kaya|pwede|gusto) (?:kong|akong) mag-?(?:turo|tutor)|tutulungan kita)\b/g,
    'tutor',
    3,
  ],
  [/\b(?:saath mein padh\w*|milke padh\w*|sabay mag-?aral|mag-?aral (?:tayo|nang sabay))\b/g, 'group', 3],
  // Bengali "help korte pari" (I can help), Haitian Creole "mwen ka ede" (I can help) and "yon
  // gwoup" (a group), Cantonese and Mandarin "一齊溫" / "一起学习" (study together).
  [/\b(?:help korte pari|shikhate pari|bojhate pari|(?:mwen|m) ka ede)\b/g, 'tutor', 3],
  [/\byon gwoup\b|(?:一齊|一起)(?:溫|温|讀|读|學|学)/g, 'group', 3],
  // Indonesian and Malay: "butuh teman belajar" (need a study friend), "belajar bareng" (study
  // together), "butuh bantuan" (need help), "aku bisa bantu" (I can help).
  [/\b(?:teman belajar|kawan belajar|belajar (?:bareng|bersama|sama-sama)|kelompok belajar)\b/g, 'group', 3],
  [/\b(?:butuh|perlu|perlukan) (?:bantuan|tutor|guru)\b|\btolong (?:ajarin|ajari|bantu)\b/g, 'tutoree', 3],
  [/\b(?:aku|saya|gue|gw) (?:bisa|boleh) (?:bantu|ngajarin|ajarin|mengajar|mengajari)\b/g, 'tutor', 3],
  // Swahili: "tusome pamoja", "tunasoma pamoja?" (let us study together).
  [/\b(?:tusome|tunasoma|kusoma|tujisomee) pamoja\b/g, 'group', 3],
  // Asking to be taught, in any words: "teach me", "could someone tutor me", "need stats help".
  [
    /\b(?:teach|tutor|coach) me\b|\b(?:can|could|would|will) (?:some ?one|some ?body|any ?one|any ?body|you|sum1|some1|any1|u) (?:\w+ )?(?:help|explain|teach|tutor|go (?:over|through)|walk)\b|\bwho can (?:explain|help|teach)\b/g,
    'tutoree',
    3,
  ],
  [
    /(?<!\b(?:who|that|u|you|they|people|anyone|students|others) )\b(?:i need|need|needs|needing|need is|i want|want|could use|could (?:really |honestly )?do with|get|request(?:ing)?|looking for|seeking|wanted|pls|please|appreciate|i'?d love|would love|would like|i'?d like)\s+(?:some\s+|a\s+|an\s+|more\s+)?(?:(?!to\b)[\w&-]+\s+){0,2}?(?:help|tutor|tutoring|tutored|guidance)\b(?! (?:others|people|students|other))|\b[\w&-]+ (?:help|tutor) (?:needed|wanted|pls|please|plz|asap)\b|(?:^|[.!?]\s*)(?:[\w&-]+ ){0,2}(?!(?:to|can|could|will|would|i|i'?ll|i'?d|and|or|happy|glad|gladly|love|the|your|any|some|more|extra|for|of|no|my|our|their|his|her|a|with)\b)[\w&-]+ help(?=\s*(?:[.!?]|$))|\bany tutors?\b|\b(?:tutor|tutoring) wanted\b/g,
    'tutoree',
    3,
  ],
  // French, Spanish, German.
  [
    /\b(?:cherche (?:un |une )?(?:tuteur|tutrice|prof)|besoin d' ?aide|m' ?expliquer|m' ?aider|je galere|busc(?:o|ando) (?:un |una )?(?:tutor|profe)|necesito (?:ayuda|un tutor|tutor)|me cuesta|brauch(?:e)? (?:\w+ )?hilfe|(?:suche|soek) (?:einen |eine |'n )?(?:tutor|nachhilfe))/g,
    'tutoree',
    3,
  ],
  [
    /\b(?:je (?:peux|pourrais) (?:aider|expliquer|donner|help)|(?:ich )?kann (?:\w+ )?help|donner des cours|puedo (?:ayudar|ensenar|explicar)|me gustaria ayudar|(?:kann|konnte) (?:\w+ ){0,4}(?:nachhilfe geben|helfen|erklaren)|helfe gerne|gebe nachhilfe|kann nachhilfe)/g,
    'tutor',
    3,
  ],
  [
    /\b(?:groupe (?:d' ?etude|de travail|pour)|studiegroep|studeergroep|rejoindre un groupe|reviser ensemble|binome|grupo de estudio|gente para estudiar|estudiar juntos|(?:montar|formar|criar|fazer|armar) (?:um |un )?grupo|lerngruppe|gruppe|zusammen lernen|mit anderen (?:\w+ ){0,4}lernen)/g,
    'group',
    3,
  ],
  // Offering, in any words: "<course> tutor here", "tutoring available", "take on a couple more students".
  [
    /\b(?:tutor|tutoring|mentoring|help) (?:is )?(?:available|here|offered)\b|\bi'?m an? (?:[\w&-]+ ){0,2}(?:tutor|ta)\b|\b(?:i'?m |i am )?(?:available|free) (?:for|to) (?:tutor\w*|help|teach|mentor)\b|\btake on (?:a (?:couple|few) (?:more |of )?|some |more |new )?students\b|\b(?:i )?(?:can|could) (?:offer|give) (?:tutoring|help|lessons)\b|\bi ta'?d\b|\blooking to (?:tutor|teach|help|mentor)\b|\b(?:be|become) an? (?:\w+ )?tutor\b|\b(?:i'?ll|i will|i can|i could|i'?d|happy to|glad to) be (?:the|your|ur|their) (?:\w+ )?(?:tutor|teacher|mentor)\b|\bhelp students\b/g,
    'tutor',
    3,
  ],
  [/\bmeet (?:up )?with (?:other students|others|people|classmates)\b/g, 'group', 3],
  // Someone to go over a subject "with me" teaches it: "need someone to go over stats with me"
  // (read before "someone to go over X with", a partner).
  [
    /\b(?:some ?one|some ?body|a person|a tutor) to (?:go over|go through|walk through|review|explain) (?:[\w&-]+ ){0,5}with me\b/g,
    'tutoree',
    3,
  ],
  [
    /\bstudy (?:session|sesh|circle|crew)s?\b|\bcrew\b|\bgrp\b|\b(?:who'?s|anyone|anybody|any ?one else) (?:up for|down (?:to|for)|wanna|want to|studying for)\b|\bwanna (?:study|revise|do|grind|form|team)\b|\b(?:some ?one|people|ppl|others|friends|folks?|a buddy|buddies|a couple of people) to (?:study|revise|do|practi[cs]e|grind|drill|review|quiz|prep|prepare|work|go through|go over|read|discuss) (?:[\w&-]+ ){0,5}with\b|\b(?:study|revise|homework|problem sets|together) with (?:ppl|people|others|classmates|other students)\b/g,
    'group',
    3,
  ],
  // "Calc tutor for…", and a sentence opening with "Tutoring" ("Tutoring calc 2.") is an offer.
  [
    /(?:^|[.!?]\s*)(?:[\w&-]+ ){0,2}(?:tutor|tutoring) (?:for|in)\b|(?:^|[.!?]\s*)tutoring\b(?! (?:needed|wanted|pls|please))|\bhmu\b/g,
    'tutor',
    2,
  ],
  // "want to learn", and without its "to" as a learner of English may write it ("I want learn SQL").
  [
    /\b(?:(?:need|want)(?: to)?|have to) (?:get better at|improve|understand|learn|catch up)\b/g,
    'tutoree',
    2,
  ],
  // Asking someone else ("anyone able to explain…?") comes first: it is a request for help.
  [
    /\b(?:any ?one|any ?body|someone|somebody|a person)(?: (?:able|willing|happy|around|free|here|out there))? (?:to|who can|that can|who could|could|can) (?:help|explain|walk|teach|tutor|go over|go through|show)\b/g,
    'tutoree',
    3,
  ],
  [
    /\b(?:looking for|need|want|find|get|hire|could use|could (?:really |honestly )?do with|would like|i'?d like|would love|i'?d love|searching for|after|appreciate|seeking|suggest|recommend|know of|know any) (?:a |an |some |me a )?(?:private |personal |good |patient )?(?:tutor|tutoring|tutors|mentor|mentorship|mentoring|coach|coaching|tut(?= (?:4|for|in|w)\b))\b/g,
    'tutoree',
    3,
  ],
  [/\b(?:be|get|getting|being) tutored\b/g, 'tutoree', 3],
  // A time offered "for a tutor": "fridays 1-4 or sat mornings for a tutor in statistics".
  [/\bfor an? (?:[\w&-]+ )?tutor\b(?! (?:role|job|position|post)s?\b)/g, 'tutoree', 2],
  [
    /\b(?:tutor|tutoring|help|mentor)s? (?:needed|wanted|required|wanted asap|needed asap|pls|plz|please)\b/g,
    'tutoree',
    3,
  ],
  [
    /\b(?:tutor|tutors|mentor)s? (?:available|here|offering|for hire)\b|\bhere to (?:tutor|teach|help others)\b|\bi ta\b/g,
    'tutor',
    3,
  ],
  // "I could tutor", "I'd happily teach"; not "would a tutor be the thing?" (a tutor, the noun).
  [
    /\b(?:could|can|would|i'?d) (?:(?!(?:a|an|the|my|your|some|any)\b)\w+ )?(?:tutor|teach|mentor|coach)\b/g,
    'tutor',
    3,
  ],
  [
    /\bi (?:help|teach|coach|mentor) (?:people|others|students|classmates|first[- ]years|juniors|kids)\b/g,
    'tutor',
    3,
  ],
  [
    /\b(?:people to (?:study|revise|work|learn|go through|prepare)|(?:study|revise|work|prepare) with (?:others|people|classmates|someone)|let'?s (?:team|study|meet|form|start|revise|work|do)|study circle|small group|anyone else (?:taking|doing|in|on)|join (?:me|us))\b/g,
    'group',
    3,
  ],
  [
    /\b(?:i'?d like to|i would like to|i want to|want to|i can|i could|happy to|glad to|love to|willing to|i'?m able to|i'?ll|offer(?:ing)? to|able to|i'?d love to|down to|keen to|up for) (?:\w+ )?(?:tutor|teach|help (?:others|other students|people|out|someone|anyone|first[- ]years|juniors|beginners|newbies|with|w\/?|in|on)|mentor|explain|coach|give back)\b/g,
    'tutor',
    3,
  ],
  // "can help w calc 2", "I'm a philosophy major and can help with Ethics": an offer with its "I"
  // left out, at the start of a sentence (after an emoji too: "🙌 can help with stats"), after
  // "and" or a comma ("history major, can help with essays"; not "someone who … and can help").
  [
    /(?:^|[.!?\p{Extended_Pictographic}\p{Emoji_Modifier}]\s*|(?<!\b(?:who|that|some ?one|some ?body|any ?one|any ?body|you|u|they|he|she|if)\b[^.!?]{0,40})(?:\band\s+|,\s*))(?:can|could) (?:\w+ )?help (?:with|w\/?|in|on|out)\b/gu,
    'tutor',
    3,
  ],
  [
    /\b(?:i tutor|i teach|i'?m a tutor|i am a tutor|as a tutor|offer(?:ing)? tutoring|tutoring offer|offer help|volunteer as|ta for|teaching assistant|i aced|got an? a[+]? in|got a first in|top of my class|(?:can|could) guide (?:juniors|others|people|students|first[- ]years|freshers|beginners))(?![\w+])/g,
    'tutor',
    3,
  ],
  [
    /\b(?:study group|study groups|study buddy|study buddies|study partners?|study ?mates?|study pals?|study (?:kakis?|homies|squad|gang)|study together|studying together|study with (?:others|other people|people)|team up|teaming up|group (?:work|sessions?|study)|join a group|form a group|start a group|a group|people to study with|revise together|accountability (?:buddy|partner)|learn together|work together|group of)\b/g,
    'group',
    3,
  ],
  [
    /\b(?:group|groups|together|study with|people to study|want to study|wants to study|fellow students|classmates)\b(?! theory)/g,
    'group',
    2,
  ],
  [
    /\b(?:for|with|to) (?:other students|first[- ]years|freshers|freshmen|juniors|beginners|newcomers|younger students|newbies)\b|\b(?:share (?:it|my|what i know|my knowledge)|pass (?:it )?on|give back|volunteer\w*(?=\s+(?:to|as|my|some)\b|\s*[,.;!?]|\s*$)|(?:run|lead|host|give) (?:\w+ )?(?:review|revision|tutoring|help) sessions?|coach (?:people|others|students))\b/g,
    'tutor',
    2,
  ],
  [
    /\b(?:experience (?:in|with)|experienced|know \w+ (?:inside out|really well|well)|i'?m good at|i am good at)\b/g,
    'tutor',
    1,
  ],
  [
    /\b(?:wrap my head around|get my head around|head around|tanking|clueless|(?:haven'?t|have not|don'?t have) (?:got )?a (?:clue|notion)|no clue|in bits (?:over|about|with)|doing my head in|overwhelmed|brutal|worried about|scared of|afraid of|dreading|grades are (?:bad|dropping|falling|low)|fell behind|can'?t keep up|not getting|don'?t get|giv(?:es?|ing) (?:me|mi) (?:\w+ )?(?:trouble|grief|problems)|(?:is|are) my (?:problem|weak (?:spot|point|area|subject))|my weak (?:spot|point|area|subject)|(?:i'?m |i am )?not (?:very |that |too |so )?good (?:with|at|in)|wrecking my head|(?:i|and) ?(?:hate|loathe|am hating|'m hating|m hating) it|(?:is|are|'s) (?:\w+ )?(?:hard|tough|difficult) for me)\b/g,
    'tutoree',
    1,
  ],
  [
    /\b(?:meetups?|join us|join me|classmates|fellow students|partners?|buddies|organi[sz]\w* (?:a |weekly |regular )?(?:meet\w*|sessions?|group))\b/g,
    'group',
    2,
  ],
  // "… and can explain it": being able to explain, said of oneself, is an offer.
  [
    /\b(?:offering|i can explain|happy to explain|can teach|could teach|(?:and|so) (?:can|could) (?:explain|guide))\b/g,
    'tutor',
    2,
  ],
  [/\bscored (?:\d{2,3}|full marks|top marks)\b/g, 'tutor', 1],
  [
    /\b(?:need help|help me|i need some help|struggl\w*|stuck|lost in|lost with|lost on|confused|confusing|confuses|failing|failed|behind in|behind on|falling behind|can'?t get my head around|can'?t understand|don'?t understand|do not understand|no idea how(?! (?:any of )?(?:this|it all|it|things|everything) works?\b)|hard time|difficult(?:y|ies)|bad at|weak in|weak at|drowning|help with|help in|tutee|tutoree|explain .* to me|killing me|nightmares?|(?:really|so|too|super) hard|hopeless|beyond me|makes? no sense|doesn'?t make sense|don'?t get (?:it|how|why|the)|can'?t figure|freaking out|panicking|over my head|need a hand|bombed|destroying me|kicking my|lost|need someone|need somebody|need support|need assistance|could use (?:some )?help|(?:having|have|got) (?:some |a few |many |lots of |so many )?doubts (?:in|on|about|regarding|with))\b/g,
    'tutoree',
    1,
  ],
  [/(?:^|[.!?]\s*)(?:pls |please |plz |urgent(?:ly)? )?help\b|\bhelp (?:w\/|pls|please|plz)/g, 'tutoree', 1],
  [
    /\b(?:good at|strong in|strong at|great at|confident in|know (?:a lot|my way)|experienced in|i'?m a (?:pro|whiz)|help others|help other students|helping others|helping people)\b/g,
    'tutor',
    1,
  ],
];

/** A question of what a thing is asks for no role: "what's a study group? do i need one?" */
const WHAT_IS = /\bwhat(?:'s| is| are|s)\s+(?:a |an )(?:\w+ )?$/;

const NEGATED_ROLE =
  /\b(?:don'?t|do not|doesn'?t|not|no longer|never)\s+(?:\w+\s+)?$|\b(?:not|don'?t|do not|never) (?:really )?(?:looking for|here to|interested in|wanting|want(?:ing)? to)\s+(?:\w+\s+)?$/;

/** Groups that are no study group: "a research group", "our lab group", "group project". */
const NOT_A_STUDY_GROUP =
  /\b(?:research|lab|project|robotics|sports?) groups?\b|\bgroups?,? (?:and|&|n) rings?\b|\brings?,? (?:and|&|n) (?:groups?|fields)\b|(?<!\b(?:join|start|form|find|create|run|organi[sz]e|looking for)(?: or (?:join|start|form|find))? (?:a |an )?)\breading groups?\b|\bgroup (?:project|assignment|work for)\b/g;

/** A want or an offer (3) is sure; a hint (2) fairly; a state alone ("stuck", 1) barely. */
const CONFIDENCE_BY_WEIGHT: Record<number, number> = { 1: 0.6, 2: 0.75, 3: 0.9 };

export interface RoleReading {
  value: Role | null;
  /** 0..1: a want or an offer (weight 3) is sure; a state ("stuck") alone, or a tie, is not. */
  confidence: number;
}

/**
 * What is offered "in exchange" or "in return" is the price of a request, not the role: "Need a
 * tutor for Statics. In exchange I can help with Mechanics" asks for a tutor, and so does "Can
 * teach you German in return, I just need Real Analysis help".
 */
const IN_EXCHANGE = /\b(?:in exchange|in return)\b[^.!?\n]*/g;
/** "Can teach you German in return, I just need Real Analysis help": the price said first. */
const IN_EXCHANGE_AFTER =
  /[^.!?,;\n]*\b(?:in exchange|in return)(?: for (?:it|that|this))?(?=\s*(?:[.!?,;\n]|$))/g;

const SWAP =
  /\bi'?ll (?:help|teach|tutor) you (?:with |in )?[^.!?]*\bif you (?:help|teach|tutor|explain)\b|\bif (?:you|u|some ?one|some ?body|any ?one|any ?body) (?:can |could |will |would )?(?:help|teach|tutor|explain)\b[^.!?]*\b(?:i'?ll|i will|i can|i could) (?:help|teach|tutor|explain)\b/;

/** The writer unsure of what they want. */
const HEDGE = /\b(?:not (?:sure|certain)|unsure|idk|don'?t know|dunno) (?:if|whether|what)\b/;

/**
 * Either of two roles named as a choice ("tutoring or a study group? I could do either", "a tutor or
 * a group, either works"): no role is chosen, and the "either" says nothing of how to meet.
 */
export const EITHER_ROLE =
  /\b(?:tutor\w*|(?:study )?group)\b[^.!?\n]{0,30}?\bor\b[^.!?\n]{0,30}?\b(?:tutor\w*|(?:study )?group)\b(?:(?!\b(?:online|in[- ]person|zoom|campus|library)\b)[^]){0,60}?\beither\b/;

/** Language names, folded as the answer is ("español" → "espanol"). */
const LANGUAGE_WORDS = new Set(LANGUAGE_NAMES.map(([name]) => fold(name)));

/**
 * Explaining "in" a language, said as an addition ("I can also explain in Urdu", "I can explain in
 * Spanish too"), offers the language, not tutoring: the answer's role is read from the rest.
 */
const EXPLAIN_IN_LANGUAGE =
  /\b(?:i )?(?:can|could) (?:also )?explain (?:it |things |stuff )?in ([a-z]+)(?: or [a-z]+)?(?: (?:too|as well|also))?\b/g;

export function findRole(input: string): RoleReading {
  const text = input
    .replace(EXPLAIN_IN_LANGUAGE, (m: string, name: string) =>
      LANGUAGE_WORDS.has(name) && /\b(?:also|too|as well)\b/.test(m) ? ' '.repeat(m.length) : m,
    )
    .replace(NOT_A_STUDY_GROUP, (m) => ' '.repeat(m.length))
    .replace(IN_EXCHANGE_AFTER, (m) => ' '.repeat(m.length))
    .replace(IN_EXCHANGE, (m) => ' '.repeat(m.length));
  const score: Record<Role, { weight: number; last: number }> = {
    tutor: { weight: 0, last: -1 },
    tutoree: { weight: 0, last: -1 },
    group: { weight: 0, last: -1 },
  };
  let rest = text;
  for (const [re, role, weight] of ROLE_PATTERNS) {
    for (const m of rest.matchAll(re)) {
      const before = text.slice(Math.max(0, m.index - 24), m.index);
      const negated =
        (NEGATED_ROLE.test(before) && !/\b(?:i can|can i)\b/.test(m[0])) || WHAT_IS.test(before);
      rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
      if (negated) continue;
      const s = score[role];
      s.weight = Math.max(s.weight, weight);
      s.last = Math.max(s.last, m.index);
    }
  }
  const ranked = (Object.entries(score) as Array<[Role, { weight: number; last: number }]>)
    .filter(([, s]) => s.weight > 0)
    .sort((a, b) => b[1].weight - a[1].weight || b[1].last - a[1].last);
  const best = ranked[0];
  if (!best) return { value: null, confidence: 0 };
  const runnerUp = ranked[1]?.[1].weight ?? 0;
  const tie = runnerUp === best[1].weight;
  // A swap of help for help ("I'll help you with Calc 1 if you help me with physics") is neither.
  if (SWAP.test(text)) return { value: best[0], confidence: 0.4 };
  // A tie the writer says they cannot settle ("not sure if I need a tutor or just a group") is asked.
  if (tie && HEDGE.test(text)) return { value: best[0], confidence: 0.4 };
  if (EITHER_ROLE.test(text)) return { value: best[0], confidence: 0.4 };
  const confidence = CONFIDENCE_BY_WEIGHT[best[1].weight]! - (tie ? 0.3 : 0);
  return { value: best[0], confidence };
}
