import type { HobbyTopic } from '@studium/protocol';

/**
 * The interview's gazetteers besides the courses and the languages (those are read with the
 * protocol's table of language names, `LANGUAGE_NAMES`, the one every language field
 * uses): the hobby synonyms.
 */

/** Hobby → the words and phrases that name it (lemmas or surface forms, folded). */
export const HOBBY_SYNONYMS: Readonly<Record<HobbyTopic, string[]>> = {
  running: [
    'running',
    'jog',
    'jogging',
    'jogger',
    'runner',
    'marathon',
    'marathons',
    'go for a run',
    '5k',
    '10k',
  ],
  skiing: ['skiing', 'ski', 'skier', 'snowboarding', 'snowboard'],
  hiking: ['hiking', 'hike', 'hikes', 'hiker', 'trekking', 'mountaineering', 'hill walking'],
  cycling: ['cycling', 'biking', 'bike rides', 'bike ride', 'cyclist', 'mountain biking', 'road bike'],
  swimming: ['swimming', 'swim', 'swimmer', 'swims'],
  climbing: ['climbing', 'bouldering', 'rock climbing', 'climber', 'climb'],
  football: ['football', 'soccer', 'futbol', 'five a side'],
  basketball: ['basketball', 'hoops', 'shooting hoops'],
  volleyball: ['volleyball', 'beach volleyball'],
  tennis: ['tennis'],
  badminton: ['badminton'],
  'table-tennis': ['table tennis', 'ping pong', 'pingpong', 'table-tennis'],
  yoga: ['yoga', 'pilates'],
  dancing: ['dancing', 'dance', 'salsa', 'ballet', 'hip hop dance', 'bachata', 'tango'],
  chess: ['chess'],
  'board-games': [
    'board games',
    'board game',
    'boardgames',
    'tabletop games',
    'catan',
    'dnd',
    'dungeons and dragons',
  ],
  photography: ['photography', 'photos', 'taking pictures', 'photographer', 'film photography'],
  painting: ['painting', 'watercolour', 'watercolor', 'watercolours', 'oil painting', 'acrylics'],
  drawing: ['drawing', 'sketching', 'sketch', 'doodling', 'illustration'],
  music: ['music', 'making music', 'concerts', 'playing in a band', 'band'],
  guitar: ['guitar', 'guitarist', 'bass guitar'],
  piano: ['piano', 'keyboard', 'pianist'],
  singing: ['singing', 'sing', 'choir', 'karaoke', 'singer'],
  cooking: ['cooking', 'cook', 'cooks', 'recipes'],
  baking: ['baking', 'bake', 'bakes', 'sourdough'],
  gaming: [
    'gaming',
    'video games',
    'videogames',
    'video game',
    'gamer',
    'esports',
    'playstation',
    'xbox',
    'nintendo',
  ],
  reading: ['reading', 'books', 'novels', 'book club', 'fantasy novels', 'bookworm'],
  writing: ['writing', 'creative writing', 'poetry', 'short stories', 'blogging', 'journaling'],
  film: ['film', 'films', 'movies', 'movie', 'cinema', 'watching movies'],
  theatre: ['theatre', 'theater', 'acting', 'improv', 'drama club'],
  gardening: ['gardening', 'garden', 'plants', 'houseplants'],
  knitting: ['knitting', 'knit', 'crochet', 'crocheting', 'sewing'],
};

/**
 * Course names the catalogue does not list, as students write them: short forms ("discrete")
 * and the names in French, Spanish and German (folded). Read by the interview only; discovery
 * keeps the catalogue's glossary.
 */
export const COURSE_NAMES_ABROAD: Readonly<Record<string, string[]>> = {
  'cs-101': ['programmation', 'programacion', 'programmierung', 'programacao', 'programmazione'],
  'cs-110': ['discrete', 'mathematiques discretes', 'matematicas discretas', 'diskrete mathematik'],
  'cs-201': ['structures de donnees', 'estructuras de datos', 'datenstrukturen'],
  'cs-202': ['algorithmique', 'algorithmes', 'algoritmos', 'algorithmen'],
  'cs-220': ['bases de donnees', 'bases de datos', 'datenbanken'],
  'cs-230': ["systemes d'exploitation", 'sistemas operativos', 'betriebssysteme'],
  'math-101': ['calcul', 'calculo', 'calcolo'],
  'math-102': ['calcul 2', 'calcul ii', 'calculo 2', 'calculo ii', 'calcolo 2', 'calcolo ii'],
  'math-110': ['algebre lineaire', 'algebra lineal', 'lineare algebra', 'algebra linear', 'algebra lineare'],
  'math-201': ['analyse reelle', 'analisis real'],
  'math-210': [
    'probabilites',
    'probas',
    'probabilidad',
    'probabilidades',
    'probabilidade',
    'probabilita',
    'wahrscheinlichkeitsrechnung',
  ],
  'math-220': ['statistique', 'statistiques', 'estadistica', 'estatistica', 'statistica', 'statistik'],
  'phys-101': ['mecanique', 'mecanica', 'mechanik'],
  'phys-201': [
    'physique quantique',
    'fisica cuantica',
    'fisica quantica',
    'fisica quantistica',
    'quantenphysik',
  ],
  'phys-210': ['thermodynamique', 'termodinamica', 'thermodynamik'],
  'chem-101': ['chimie generale', 'quimica general', 'allgemeine chemie'],
  'chem-102': ['chimie organique', 'quimica organica', 'organische chemie'],
  'bio-102': ['genetique', 'genetica', 'genetik'],
  'bio-201': ['ecologie', 'ecologia', 'okologie'],
  'econ-101': ['microeconomie', 'microeconomia', 'mikrookonomie'],
  'econ-102': ['macroeconomie', 'macroeconomia', 'makrookonomie'],
  'ee-101': ['circuitos', 'circuits electriques'],
  'phil-101': ['philosophy', 'philosophie', 'filosofia'],
  'hist-201': ['europa moderna', 'europe moderne', 'histoire moderne', 'historia moderna'],
};
