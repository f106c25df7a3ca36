/**
 * Whether a column holds people's names, which its name alone rarely says (`name`, `contact`, `owner`):
 * by its values (a given name followed by one to three capitalised words, "Ada Lovelace", "María José
 * García", "Dr. Grace Hopper", "Lovelace, Ada") and by its neighbours (an `e-mail`, `phone` or
 * `birth_date` beside a `name` makes it a person's; `price`, `sku`, `population` beside it a product's
 * or a place's). Conservative where it matters: one person-like value among few is enough to mask.
 */

/** Common given names in the languages the column names are read in (lower case). */
const GIVEN_NAMES = new Set(
  (
    'james john robert michael william david richard joseph thomas charles christopher daniel matthew anthony mark donald steven paul andrew joshua ' +
    'kenneth kevin brian george timothy ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin ' +
    'samuel gregory alexander frank patrick raymond jack dennis jerry tyler aaron jose adam nathan henry peter zachary douglas harold kyle noah ' +
    'ethan jeremy walter christian keith roger terry austin sean gerald carl harry arthur lawrence dylan jesse jordan bryan billy bruce gabriel joe ' +
    'logan alan juan albert willie elijah wayne randy vincent mason roy ralph bobby russell bradley philip eugene louis liam oliver lucas leo ' +
    'mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty sandra margaret ashley kimberly emily donna michelle ' +
    'carol amanda melissa deborah stephanie dorothy rebecca sharon laura cynthia amy kathleen angela shirley brenda emma anna pamela nicole samantha ' +
    'katherine christine helen debra rachel carolyn janet maria catherine heather diane olivia julie joyce victoria ruth virginia lauren kelly ' +
    'christina joan evelyn judith andrea hannah megan cheryl jacqueline martha madison teresa gloria sara janice ann kathryn abigail sophia frances ' +
    'jean alice judy isabella julia grace amber denise danielle marilyn beverly charlotte natalie theresa diana brittany doris kayla alexis lori ' +
    'marie ada alan grace bob bobbie tom tim jim jane joan ellen eleanor rose lily chloe mia ava zoe ella lucy sophie ' +
    'hans peter klaus jürgen juergen stefan uwe wolfgang michael thomas andreas frank sabine ursula monika petra gabriele birgit heike karin ' +
    'renate ingrid helga lukas leon felix maximilian paul jonas finn ben elias lena lea hanna anna mia emilia sophie marie johanna katharina ' +
    'jean pierre michel philippe alain nicolas christophe françois francois patrick isabelle nathalie sylvie catherine françoise francoise ' +
    'valérie valerie sandrine céline celine camille manon chloé léa lea inès ines louise hugo théo theo antoine mathieu ' +
    'josé jose antonio manuel francisco javier carlos miguel rafael pedro alejandro fernando jorge luis sergio pablo carmen josefa isabel ' +
    'dolores pilar teresa rosa lucía lucia paula laura marta cristina elena raquel beatriz ' +
    'joão joao antónio antonio francisco pedro tiago rui paulo ana mariana beatriz inês ines joana sofia leonor ' +
    'jan piet kees johan willem henk gerrit bram daan sem ruben thijs anne sanne femke lotte fleur emma ' +
    'giuseppe giovanni luca marco andrea alessandro francesca chiara giulia valentina ' +
    'mohammed muhammad ahmed ali omar fatima aisha wei li ming hiroshi yuki akira kenji sakura raj priya amit ' +
    'olga ivan dmitri sergei natasha anastasia piotr anna katarzyna'
  )
    .split(' ')
    .filter(Boolean)
    .map(plain),
);

/** Lower case without accents: `María` → `maria`. */
function plain(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Last words of companies, institutions and places. */
const NOT_PERSON_LAST = new Set(
  'inc ltd llc plc corp corporation co company enterprises industries group gmbh ag sa sas sarl bv nv holdings partners foundation bank hotel restaurant cafe street road avenue park city airport station university school college hospital church store shop motors systems labs studio studios'.split(' '),
);

const TITLES = /^(mr|mrs|ms|miss|mx|dr|prof|sir|dame|herr|frau|m|mme|mlle|sr|sra|srta|dhr|mevr)\.?$/i;
const PARTICLES = new Set(['van', 'von', 'de', 'da', 'del', 'der', 'den', 'di', 'du', 'la', 'le', 'y', 'dos', 'das', 'ter', 'ten', 'bin', 'al', 'el', "d'", 'mac', 'mc']);
const WORD = /^\p{Lu}[\p{Ll}\p{Lu}'’-]*\.?$/u;

/** Tokens of a column name that make a `name`-like column a candidate (the column may hold people's names). */
const NAME_WORDS = new Set(['name', 'names', 'nom', 'nombre', 'naam', 'nome', 'namen', 'contact', 'owner', 'holder', 'recipient', 'author', 'employee', 'customer', 'client', 'patient', 'person', 'member', 'signer', 'assignee', 'passenger', 'guest', 'student', 'user']);
/** Tokens that make a column about a name (its id, count, type) rather than the name. */
const NOT_NAME = new Set(['id', 'ids', 'uuid', 'count', 'cnt', 'type', 'code', 'key', 'length', 'len', 'no', 'number', 'num', 'at', 'date', 'time', 'status', 'flag', 'is', 'has', 'hash', 'file', 'table', 'column', 'schema', 'host', 'domain', 'company', 'product', 'category', 'brand', 'city', 'country', 'street', 'place', 'store', 'shop', 'team', 'project', 'group', 'role', 'event', 'app', 'service']);
/** Neighbours that say the rows are people. */
const PERSON_NEIGHBOURS = /(^|_)(e_?mail|phone|mobile|tel|birth|dob|born|gender|sex|salutation|ssn|passport|address|street|zip|postcode|surname|first_?name|last_?name|nationality|age|hire_date|salary|patient)(_|$)/;
/** Neighbours that say the rows are products, companies or places. */
const THING_NEIGHBOURS = /(^|_)(price|sku|stock|qty|quantity|category|brand|product|population|latitude|longitude|lat|lon|lng|capital|elevation|area|weight|unit|isbn|ean|upc|vat|industry|ticker|region|country_code|iso)(_|$)/;

/** "Ada Lovelace", "Dr. Grace M. Hopper", "Lovelace, Ada", "Ada" (alone: only where `alone` is allowed). */
export function looksLikePersonName(value: unknown, alone = false): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (text.length < 2 || text.length > 80 || /[\d@/\\|#$%&*+=<>{}[\]_]/.test(text)) return false;
  const comma = /^([^,]+),\s*([^,]+)$/.exec(text);
  const ordered = comma ? `${comma[2]} ${comma[1]}` : text;
  const words = ordered.split(/\s+/).filter((word) => !TITLES.test(word));
  if (words.length === 0 || words.length > 5) return false;
  const first = plain(words[0]!.split('-')[0]!);
  if (!GIVEN_NAMES.has(first) || !WORD.test(words[0]!)) return false;
  if (NOT_PERSON_LAST.has(plain(words.at(-1)!).replace(/\.$/, ''))) return false;
  if (words.length === 1) return alone;
  return words.slice(1).every((word) => WORD.test(word) || PARTICLES.has(word.toLowerCase()));
}

/**
 * People's names by values and neighbours: a reason when the column holds them, else undefined.
 * `tokens` are the column name's tokens, `neighbours` the other columns' names of its table or diff.
 */
export function personNameReason(tokens: readonly string[], values: readonly unknown[], neighbours: readonly string[], minValues: number): string | undefined {
  const named = tokens.some((token) => NAME_WORDS.has(token)) && !tokens.some((token) => NOT_NAME.has(token));
  const texts = values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  const people = texts.filter((value) => looksLikePersonName(value, named)).length;
  if (texts.length >= minValues && people > 0 && people / texts.length >= 0.5) {
    return `${people} of ${texts.length} values look like people's names`;
  }
  if (!named) return undefined;
  const lower = neighbours.map((n) => n.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
  const person = lower.find((n) => PERSON_NEIGHBOURS.test(n));
  const thing = lower.find((n) => THING_NEIGHBOURS.test(n));
  // values that are clearly not names (codes, numbers) outweigh a neighbour
  const unlike = texts.length > 0 && texts.every((value) => /\d/.test(value) || !/\s|^\p{Lu}/u.test(value));
  if (person && !thing && !unlike) return `a name beside \`${person}\`: the rows are people`;
  return undefined;
}
