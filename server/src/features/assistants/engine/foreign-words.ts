import { COURSES } from './courses';
import { COURSE_NAMES_ABROAD } from './lexicon';
import { fold } from './text';

/**
 * Discovery in Spanish, French and German: the words of a request in those languages that name
 * a subject, each with the English words the rooms are indexed by. Written per room of the
 * catalogue (its subject, a few of its core topics) and per campus room, not per request; words
 * that name no subject ("busco", "réviser", "Lerngruppe") need none. Folded: lower case, no
 * accents. docs/assistants.md ("Discovery in other languages").
 */
const WORDS: Readonly<Record<string, string>> = {
  // Subjects.
  matematicas: 'mathematics',
  mathematiques: 'mathematics',
  maths: 'mathematics',
  mathe: 'mathematics',
  fisica: 'physics',
  physique: 'physics',
  physik: 'physics',
  quimica: 'chemistry',
  chimie: 'chemistry',
  chemie: 'chemistry',
  biologia: 'biology',
  biologie: 'biology',
  informatica: 'computer science',
  informatique: 'computer science',
  informatik: 'computer science',
  economia: 'economics',
  economie: 'economics',
  wirtschaft: 'economics',
  okonomie: 'economics',
  historia: 'history',
  histoire: 'history',
  geschichte: 'history',
  filosofia: 'philosophy',
  philosophie: 'philosophy',
  etica: 'ethics',
  ethique: 'ethics',
  ethik: 'ethics',
  morale: 'ethics',
  psicologia: 'psychology',
  psychologie: 'psychology',
  linguistica: 'linguistics',
  linguistique: 'linguistics',
  linguistik: 'linguistics',
  electronica: 'electronics',
  electronique: 'electronics',
  elektrotechnik: 'circuits',
  // Course names the interview does not read.
  calcul: 'calculus',
  calculo: 'calculus',
  derivadas: 'derivatives',
  derivees: 'derivatives',
  ableitungen: 'derivatives',
  integrales: 'integrals',
  integrale: 'integrals',
  estadistica: 'statistics',
  estadisticas: 'statistics',
  statistique: 'statistics',
  statistiques: 'statistics',
  probabilidad: 'probability',
  probabilites: 'probability',
  wahrscheinlichkeit: 'probability',
  condicional: 'conditional',
  conditionnelle: 'conditional',
  conditionnelles: 'conditional',
  bedingte: 'conditional',
  organica: 'organic',
  organique: 'organic',
  organische: 'organic',
  generale: 'general',
  allgemeine: 'general',
  reaccion: 'reaction',
  reaktion: 'reaction',
  mecanismos: 'mechanisms',
  mecanismes: 'mechanisms',
  mechanismen: 'mechanisms',
  genetica: 'genetics',
  genetique: 'genetics',
  genetik: 'genetics',
  ecologia: 'ecology',
  ecologie: 'ecology',
  okologie: 'ecology',
  mecanica: 'mechanics',
  mecanique: 'mechanics',
  mechanik: 'mechanics',
  newtoniana: 'newton',
  newtonienne: 'newton',
  newtonsche: 'newton',
  fuerzas: 'forces',
  krafte: 'forces',
  termodinamica: 'thermodynamics',
  thermodynamique: 'thermodynamics',
  thermodynamik: 'thermodynamics',
  entropia: 'entropy',
  entropie: 'entropy',
  hauptsatze: 'laws',
  circuitos: 'circuits',
  schaltungen: 'circuits',
  electricos: 'electric',
  electriques: 'electric',
  elektrische: 'electric',
  programacion: 'programming',
  programmation: 'programming',
  programmieren: 'programming',
  bucles: 'loops',
  boucles: 'loops',
  schleifen: 'loops',
  algoritmos: 'algorithms',
  algorithmes: 'algorithms',
  algorithmen: 'algorithms',
  ordenacion: 'sorting',
  tri: 'sorting',
  sortieren: 'sorting',
  grafos: 'graphs',
  graphes: 'graphs',
  graphen: 'graphs',
  datenstrukturen: 'data structures',
  datenbanken: 'databases',
  datenbank: 'databases',
  betriebssysteme: 'operating systems',
  prozesse: 'processes',
  processus: 'processes',
  procesos: 'processes',
  redes: 'networks',
  reseaux: 'networks',
  netzwerke: 'networks',
  microeconomia: 'microeconomics',
  microeconomie: 'microeconomics',
  mikrookonomie: 'microeconomics',
  macroeconomia: 'macroeconomics',
  macroeconomie: 'macroeconomics',
  makrookonomie: 'macroeconomics',
  oferta: 'supply',
  offre: 'supply',
  angebot: 'supply',
  demanda: 'demand',
  demande: 'demand',
  nachfrage: 'demand',
  elasticidad: 'elasticity',
  elasticite: 'elasticity',
  elastizitat: 'elasticity',
  inflacion: 'inflation',
  indiferencia: 'indifference',
  europa: 'europe',
  siglo: 'century',
  siecle: 'century',
  jahrhundert: 'century',
  // Campus life.
  correr: 'running',
  courir: 'running',
  laufen: 'running',
  lauf: 'running',
  joggen: 'jogging',
  carrera: 'running',
  maraton: 'marathon',
  piso: 'flat',
  apartamento: 'apartment',
  appart: 'apartment',
  appartement: 'apartment',
  wohnung: 'apartment',
  alquiler: 'rent',
  loyer: 'rent',
  miete: 'rent',
  colocation: 'flatmate',
  coloc: 'flatmate',
  colocataire: 'flatmate',
  mitbewohner: 'flatmate',
  wg: 'flatmate',
  zimmer: 'room',
  habitacion: 'room',
  chambre: 'room',
  ajedrez: 'chess',
  echecs: 'chess',
  schach: 'chess',
  brettspiel: 'board games',
  brettspiele: 'board games',
  spieleabend: 'game night',
  concentrarme: 'focus',
  concentrar: 'focus',
  concentrarse: 'focus',
  concentrer: 'focus',
  konzentrieren: 'focus',
  procrastinar: 'procrastination',
  procrastino: 'procrastination',
  procrastiner: 'procrastination',
  prokrastination: 'procrastination',
  prokrastinieren: 'procrastination',
  examenes: 'exams',
  examens: 'exams',
  partiel: 'exams',
  prufung: 'exams',
  prufungen: 'exams',
  klausur: 'exams',
  prufungsangst: 'exam stress',
  zeitmanagement: 'time management',
};

const OWN_PHRASES: Array<[string, string]> = [
  ['juegos de mesa', 'board games'],
  ['jeux de societe', 'board games'],
  ['course a pied', 'running'],
  ['companero de piso', 'flatmate'],
  ['companera de piso', 'flatmate'],
  ['piso compartido', 'flatmate'],
  ['tipos de interes', 'interest rates'],
  ['taux d interet', 'interest rates'],
  ['bases de datos', 'databases'],
  ['bases de donnees', 'databases'],
  ['estructuras de datos', 'data structures'],
  ['structures de donnees', 'data structures'],
  ['sistemas operativos', 'operating systems'],
  ['systemes d exploitation', 'operating systems'],
  ['ley de ohm', 'ohm law'],
  ['loi d ohm', 'ohm law'],
];

/** The catalogue's course names abroad ("algèbre linéaire" → Linear Algebra). */
const ABROAD: Array<[string, string]> = Object.entries(COURSE_NAMES_ABROAD).flatMap(([code, names]) => {
  const english = COURSES.find((c) => c.code === code)?.name;
  return english ? names.map((n): [string, string] => [fold(n).replace(/'/g, ' '), english]) : [];
});

/** Phrases first (longest first), so "juegos de mesa" is read before "juegos". */
const PHRASES = [...OWN_PHRASES, ...ABROAD].sort((a, b) => b[0].length - a[0].length);

/** German compounds start with their subject ("Brettspielabend", "Laufgruppe"). */
const COMPOUND_HEADS = Object.keys(WORDS).filter((w) => w.length >= 4);

/**
 * The request with its Spanish, French and German subject words written in English beside them
 * ("busco un grupo de cálculo" → "… calculus"). An English request comes back as it was.
 */
export function inEnglish(query: string): string {
  let text = ` ${fold(query).replace(/['’-]/g, ' ')} `;
  const added: string[] = [];
  for (const [phrase, english] of PHRASES) {
    if (!text.includes(` ${phrase} `)) continue;
    added.push(english);
    text = text.replaceAll(` ${phrase} `, ' ');
  }
  for (const word of text.split(/[^a-z0-9]+/)) {
    const english =
      WORDS[word] ??
      (word.length >= 8 ? WORDS[COMPOUND_HEADS.find((h) => word.startsWith(h)) ?? ''] : undefined);
    if (english && english !== word) added.push(english);
  }
  return added.length === 0 ? query : `${query} ${added.join(' ')}`;
}
