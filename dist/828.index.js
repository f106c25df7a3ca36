export const id = 828;
export const ids = [828];
export const modules = {

/***/ 24828:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Masker: () => (/* binding */ Masker),
  maskComparison: () => (/* binding */ maskComparison),
  maskRun: () => (/* binding */ maskRun),
  policiesOf: () => (/* binding */ policiesOf),
  sensitiveColumns: () => (/* binding */ sensitiveColumns)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./build/src/sensitive/person-names.js
/**
 * Whether a column holds people's names, which its name alone rarely says (`name`, `contact`, `owner`):
 * by its values (a given name followed by one to three capitalised words, "Ada Lovelace", "María José
 * García", "Dr. Grace Hopper", "Lovelace, Ada") and by its neighbours (an `e-mail`, `phone` or
 * `birth_date` beside a `name` makes it a person's; `price`, `sku`, `population` beside it a product's
 * or a place's). Conservative where it matters: one person-like value among few is enough to mask.
 */
/** Common given names in the languages the column names are read in (lower case). */
const GIVEN_NAMES = new Set(('james john robert michael william david richard joseph thomas charles christopher daniel matthew anthony mark donald steven paul andrew joshua ' +
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
    'olga ivan dmitri sergei natasha anastasia piotr anna katarzyna')
    .split(' ')
    .filter(Boolean)
    .map(plain));
/** Lower case without accents: `María` → `maria`. */
function plain(word) {
    return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
/** Last words of companies, institutions and places. */
const NOT_PERSON_LAST = new Set('inc ltd llc plc corp corporation co company enterprises industries group gmbh ag sa sas sarl bv nv holdings partners foundation bank hotel restaurant cafe street road avenue park city airport station university school college hospital church store shop motors systems labs studio studios'.split(' '));
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
function looksLikePersonName(value, alone = false) {
    if (typeof value !== 'string')
        return false;
    const text = value.trim();
    if (text.length < 2 || text.length > 80 || /[\d@/\\|#$%&*+=<>{}[\]_]/.test(text))
        return false;
    const comma = /^([^,]+),\s*([^,]+)$/.exec(text);
    const ordered = comma ? `${comma[2]} ${comma[1]}` : text;
    const words = ordered.split(/\s+/).filter((word) => !TITLES.test(word));
    if (words.length === 0 || words.length > 5)
        return false;
    const first = plain(words[0].split('-')[0]);
    if (!GIVEN_NAMES.has(first) || !WORD.test(words[0]))
        return false;
    if (NOT_PERSON_LAST.has(plain(words.at(-1)).replace(/\.$/, '')))
        return false;
    if (words.length === 1)
        return alone;
    return words.slice(1).every((word) => WORD.test(word) || PARTICLES.has(word.toLowerCase()));
}
/**
 * People's names by values and neighbours: a reason when the column holds them, else undefined.
 * `tokens` are the column name's tokens, `neighbours` the other columns' names of its table or diff.
 */
function personNameReason(tokens, values, neighbours, minValues) {
    const named = tokens.some((token) => NAME_WORDS.has(token)) && !tokens.some((token) => NOT_NAME.has(token));
    const texts = values.filter((value) => typeof value === 'string' && value.trim() !== '');
    const people = texts.filter((value) => looksLikePersonName(value, named)).length;
    if (texts.length >= minValues && people > 0 && people / texts.length >= 0.5) {
        return `${people} of ${texts.length} values look like people's names`;
    }
    if (!named)
        return undefined;
    const lower = neighbours.map((n) => n.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());
    const person = lower.find((n) => PERSON_NEIGHBOURS.test(n));
    const thing = lower.find((n) => THING_NEIGHBOURS.test(n));
    // values that are clearly not names (codes, numbers) outweigh a neighbour
    const unlike = texts.length > 0 && texts.every((value) => /\d/.test(value) || !/\s|^\p{Lu}/u.test(value));
    if (person && !thing && !unlike)
        return `a name beside \`${person}\`: the rows are people`;
    return undefined;
}
//# sourceMappingURL=person-names.js.map
;// CONCATENATED MODULE: ./build/src/sensitive/detect.js
/**
 * Which columns hold personal or secret data: by the column's name (in English, German, French,
 * Spanish, Portuguese and Dutch spellings) and by a few of its values (e-mail, phone, card numbers
 * with their Luhn digit, IBAN with its mod-97 check, IP addresses, JWTs and API-key shapes, US SSNs),
 * each with a confidence and the reason. Precision matters as much as recall: a column *about* such
 * data (email_sent_count, phone_verified, ip_count) holds none of it.
 */


/** Name tokens (after splitting snake_case, camelCase and digits) per kind; multi-token spellings joined by `_`. */
const NAME_TOKENS = {
    email: ['email', 'e_mail', 'emailaddress', 'mail_address', 'courriel', 'correo', 'emailadres', 'emailadresse', 'mailadresse'],
    phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'cellphone', 'cell_phone', 'fax', 'telefon', 'telefone', 'telefoon', 'telefono', 'teléfono', 'téléphone', 'handy', 'portable', 'movil', 'móvil', 'celular', 'mobiel', 'msisdn'],
    'person-name': ['first_name', 'firstname', 'last_name', 'lastname', 'full_name', 'fullname', 'given_name', 'family_name', 'middle_name', 'maiden_name', 'surname', 'prenom', 'prénom', 'nom_de_famille', 'vorname', 'nachname', 'familienname', 'apellido', 'apellidos', 'sobrenome', 'voornaam', 'achternaam', 'contact_name', 'customer_name', 'person_name', 'cardholder', 'cardholder_name'],
    address: ['address', 'street', 'street_address', 'address_line', 'addr', 'adresse', 'strasse', 'straße', 'rue', 'calle', 'direccion', 'dirección', 'endereco', 'endereço', 'adres', 'straat', 'postcode', 'zip', 'zipcode', 'zip_code', 'postal_code', 'postleitzahl', 'plz', 'codigo_postal', 'code_postal', 'home_address', 'billing_address', 'shipping_address'],
    'birth-date': ['birth', 'birthday', 'birthdate', 'birth_date', 'date_of_birth', 'dob', 'geburtsdatum', 'geburtstag', 'naissance', 'date_naissance', 'nacimiento', 'fecha_nacimiento', 'nascimento', 'data_nascimento', 'geboortedatum'],
    'national-id': ['ssn', 'social_security', 'social_security_number', 'national_id', 'nationalid', 'passport', 'passport_number', 'tax_id', 'taxid', 'nif', 'nie', 'dni', 'cpf', 'bsn', 'steuer_id', 'steuernummer', 'insee', 'nir', 'personalausweis', 'id_card', 'idcard', 'driver_license', 'drivers_license', 'license_number', 'sozialversicherungsnummer'],
    financial: ['iban', 'card_number', 'cardnumber', 'cc_number', 'ccnumber', 'credit_card', 'creditcard', 'pan', 'cvv', 'cvc', 'account_number', 'accountnumber', 'acct_no', 'bank_account', 'routing_number', 'kontonummer', 'rekeningnummer', 'numero_cuenta', 'numero_conta'],
    'ip-address': ['ip', 'ip_address', 'ipaddress', 'ipv4', 'ipv6', 'client_ip', 'remote_ip', 'remote_addr', 'remote_address', 'ip_addr', 'last_ip', 'login_ip'],
    secret: ['password', 'passwd', 'pwd', 'password_hash', 'secret', 'client_secret', 'token', 'access_token', 'refresh_token', 'auth_token', 'api_key', 'apikey', 'access_key', 'secret_key', 'private_key', 'credential', 'credentials', 'passwort', 'mot_de_passe', 'contrasena', 'contraseña', 'senha', 'wachtwoord', 'session_token', 'session_id'],
};
/** Tokens that make a column *about* the data rather than the data: counts, flags, states, settings. */
const ABOUT_TOKENS = new Set([
    'count', 'cnt', 'counter', 'sent', 'verified', 'confirmed', 'is', 'has', 'flag', 'enabled', 'disabled', 'valid', 'validated', 'opt', 'optin', 'optout', 'opted',
    'bounced', 'bounce', 'status', 'state', 'type', 'format', 'length', 'len', 'template', 'campaign', 'subscribed', 'unsubscribed', 'preference', 'pref', 'prefs',
    'notification', 'notifications', 'provider', 'domain', 'changed', 'updated', 'expires', 'expiry', 'expired', 'at', 'attempts', 'total', 'num', 'max', 'min',
    'avg', 'rate', 'score', 'policy', 'required', 'reset', 'version', 'country', 'region', 'id', 'key', 'column', 'field', 'label', 'kind', 'source', 'hint',
]);
/** Words that read as a sensitive name token but do not mean it in these positions. */
const SPLIT = /[^a-z0-9\u00c0-\u024f]+/;
/** The column name as lower-case tokens: `billingEmail2` → ['billing', 'email']. */
function nameTokens(name) {
    return name
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .toLowerCase()
        .split(SPLIT)
        .map((token) => token.replace(/\d+$/, ''))
        .filter((token) => token !== '');
}
/** Every spelling, indexed by its first token (and by its joined text, for `emailaddress`-style names). */
const SPELLINGS = (() => {
    const byFirst = new Map();
    const byJoined = new Map();
    for (const [kind, spellings] of Object.entries(NAME_TOKENS)) {
        for (const spelling of spellings) {
            const entry = { kind, spelling, parts: spelling.split('_') };
            const list = byFirst.get(entry.parts[0]) ?? [];
            list.push(entry);
            byFirst.set(entry.parts[0], list);
            if (!byJoined.has(spelling) || byJoined.get(spelling).spelling.length < spelling.length)
                byJoined.set(spelling, entry);
        }
    }
    return { byFirst, byJoined };
})();
function byName(name) {
    const tokens = nameTokens(name);
    // The longest spelling wins: ip_address is an IP address, not a postal one.
    let best;
    const joinedMatch = SPELLINGS.byJoined.get(tokens.join('_'));
    if (joinedMatch)
        best = { ...joinedMatch, at: findSequence(tokens, joinedMatch.parts) };
    tokens.forEach((token, i) => {
        for (const entry of SPELLINGS.byFirst.get(token) ?? []) {
            if (!entry.parts.every((part, j) => tokens[i + j] === part))
                continue;
            if (!best || entry.spelling.length > best.spelling.length)
                best = { ...entry, at: findSequence(tokens, entry.parts) };
        }
    });
    if (!best)
        return undefined;
    const { kind, spelling, at, parts } = best;
    const rest = tokens.filter((_, i) => at < 0 || i < at || i >= at + parts.length);
    // 'id' after a kind that is itself an identifier (national_id, session_id) is that kind's own word
    const about = rest.find((token) => ABOUT_TOKENS.has(token) && !(token === 'id' && parts.includes('id')));
    return about ? { about, kind } : { kind, matched: spelling };
}
function findSequence(tokens, parts) {
    for (let i = 0; i + parts.length <= tokens.length; i++)
        if (parts.every((part, j) => tokens[i + j] === part))
            return i;
    return -1;
}
const EMAIL = /^[^\s@<>()[\]]{1,64}@[^\s@<>()[\]]+\.[a-z]{2,}$/i;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const SSN = /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/;
const JWT = /^eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}$/;
const API_KEY = /^(sk_live_|sk_test_|rk_live_|ghp_|gho_|ghs_|github_pat_|xox[abpr]-|AKIA[0-9A-Z]{16}$|AIza[\w-]{35}$|glpat-|dck_)[\w-]*/;
/** A number passing the Luhn check (card numbers, 13–19 digits). */
function luhn(digits) {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
        let d = Number(digits[digits.length - 1 - i]);
        if (i % 2 === 1) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
    }
    return sum % 10 === 0;
}
/** An IBAN with a valid mod-97 check. */
function validIban(text) {
    const iban = text.replace(/\s+/g, '').toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban))
        return false;
    const rearranged = iban.slice(4) + iban.slice(0, 4);
    let remainder = 0;
    for (const ch of rearranged) {
        const value = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
        for (const digit of value)
            remainder = (remainder * 10 + Number(digit)) % 97;
    }
    return remainder === 1;
}
/** What one value looks like, or undefined. */
function valueKind(value) {
    if (typeof value !== 'string' && typeof value !== 'number')
        return undefined;
    const text = String(value).trim();
    if (text.length < 5 || text.length > 500)
        return undefined;
    if (EMAIL.test(text))
        return 'email';
    if (JWT.test(text) || API_KEY.test(text))
        return 'secret';
    if (SSN.test(text))
        return 'national-id';
    if (validIban(text))
        return 'financial';
    const digits = text.replace(/[\s-]/g, '');
    if (/^\d{13,19}$/.test(digits) && /^[\d\s-]+$/.test(text) && luhn(digits) && /^[3-6]/.test(digits))
        return 'financial';
    // The cheap shape test first: node's isIP compiles a large IPv6 pattern on its first call (about 8 ms).
    if ((text.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(text)) && (0,external_node_net_.isIP)(text) !== 0)
        return 'ip-address';
    // a decimal (1500375.25) is an amount or a measure, never a phone number
    if (DECIMAL.test(text))
        return undefined;
    // a phone number is written as one: a leading + or separators, and 8–15 digits (a plain integer is an id)
    const phoneDigits = text.replace(/\D/g, '');
    if (PHONE.test(text) && /[+\s().-]/.test(text) && phoneDigits.length >= 8 && phoneDigits.length <= 15 && !/^\d{4}-\d\d-\d\d/.test(text))
        return 'phone';
    return undefined;
}
/** A number with a fraction or a sign, or in exponent form, as databases write amounts and measures. */
const DECIMAL = /^[-+]?(\d+\.\d+|\d+(\.\d+)?e[-+]?\d+|[-+]\d+)$/i;
/**
 * A numeric column: every sampled value is a number (JSON) or written as a decimal. Its values alone
 * never make it personal data (an amount of 1500375.25 is no phone number); only its name can.
 * Unsigned digit strings are not counted: card numbers and identifiers are written so.
 */
function numericSample(values) {
    return values.length > 0 && values.every((v) => typeof v === 'number' || typeof v === 'bigint' || (typeof v === 'string' && DECIMAL.test(v.trim())));
}
/** At least this share of a column's non-null sample must look alike to call it by its values. */
const VALUE_SHARE = 0.6;
const MIN_VALUES = 3;
/** A column judged by its name, a small sample of its values (none needed) and its neighbours. */
function detectSensitive(name, sample = [], options = {}) {
    const minValues = options.minValues ?? MIN_VALUES;
    const named = byName(name);
    const values = sample.filter((v) => v !== null && v !== undefined && v !== '').slice(0, 200);
    const kinds = new Map();
    for (const value of values) {
        const kind = valueKind(value);
        if (kind)
            kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const [topKind, topCount] = [...kinds.entries()].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
    const numeric = numericSample(values);
    const byValues = !numeric && values.length >= minValues && topCount / values.length >= VALUE_SHARE ? topKind : undefined;
    if (named && 'matched' in named) {
        const confirmed = byValues === named.kind;
        return {
            sensitive: true,
            kind: named.kind,
            confidence: confirmed ? 0.97 : 0.8,
            reason: `the name says ${named.kind} (\`${named.matched}\`)${confirmed ? ` and ${topCount} of ${values.length} sampled values are one` : ''}`,
        };
    }
    if (byValues && byValues !== 'phone') {
        return { sensitive: true, kind: byValues, confidence: 0.9, reason: `${topCount} of ${values.length} sampled values look like ${byValues}` };
    }
    if (byValues === 'phone' && !named) {
        return { sensitive: true, kind: 'phone', confidence: 0.7, reason: `${topCount} of ${values.length} sampled values look like phone numbers` };
    }
    if (named && 'about' in named) {
        return { sensitive: false, confidence: 0.8, reason: `about ${named.kind} (\`${named.about}\`), not the data itself` };
    }
    if (numeric && topKind)
        return { sensitive: false, confidence: 0.9, reason: 'numbers (amounts, measures) are not personal data by their values alone' };
    const person = personNameReason(nameTokens(name), values, options.neighbours ?? [], minValues);
    if (person)
        return { sensitive: true, kind: 'person-name', confidence: 0.75, reason: person };
    return { sensitive: false, confidence: 0.9, reason: 'neither the name nor the sampled values look personal or secret' };
}
//# sourceMappingURL=detect.js.map
;// CONCATENATED MODULE: ./build/src/sensitive/mask.js
/**
 * Masking a comparison's values before any report sees them: counts and which columns differ stay,
 * values of sensitive columns become a shape and a short keyed hash (`j***@e***.com ·3fa2c1`,
 * `**** 4242 ·9b01de`), so a reviewer sees that something changed and that two cells of one side are
 * equal or not, but not the value. Equal values mask equally within one side of a run; NULL stays
 * NULL. The hash is keyed per run (HMAC), so a masked e-mail cannot be looked up in a dictionary, and
 * per side, so no masked value of one side can be matched to one of the other: where one side's values
 * are written by whoever reads the report (a query of guesses), equal tags across sides would confirm
 * a guess. (A changed row lists only the columns that differ, so nothing is lost within a row.)
 */


class Masker {
    keys;
    constructor(key = (0,external_node_crypto_.randomBytes)(32)) {
        const derive = (side) => (0,external_node_crypto_.createHmac)('sha256', key).update(`datacompare mask ${side}`).digest();
        this.keys = { source: derive('source'), target: derive('target') };
    }
    tag(text, side) {
        return (0,external_node_crypto_.createHmac)('sha256', this.keys[side]).update(text).digest('hex').slice(0, 6);
    }
    /** One value of `side` masked: NULL stays NULL, the rest keeps a shape and a short hash keyed for that side. */
    value(value, side) {
        if (value === null)
            return null;
        const text = String(value);
        const tag = this.tag(text, side);
        const email = /^([^@\s])[^@\s]*@([^@\s.])[^@\s]*(\.[a-z]{2,})$/i.exec(text);
        if (email)
            return `${email[1]}***@${email[2]}***${email[3]} ·${tag}`;
        const digits = text.replace(/[\s-]/g, '');
        if (/^\d{12,19}$/.test(digits))
            return `**** ${digits.slice(-4)} ·${tag}`;
        return `*** ·${tag}`;
    }
}
/**
 * The source columns of a comparison to mask, with why (for the log): by policy, the catalog's marks,
 * the names (and their neighbours) and the values at hand: one differing value is enough.
 */
function sensitiveColumns(result, policy, options = {}) {
    const chosen = new Map();
    if (policy === 'none' || !result.diff)
        return chosen;
    const columns = Object.keys(result.diff.column_mapping);
    if (Array.isArray(policy)) {
        const wanted = new Set(policy.map((c) => c.toLowerCase()));
        for (const column of columns)
            if (wanted.has(column.toLowerCase()))
                chosen.set(column, 'listed in `sensitive`');
        return chosen;
    }
    const neighbours = [...columns, ...Object.values(result.diff.column_mapping)];
    for (const column of columns) {
        const mark = options.marked?.get(column) ?? options.marked?.get(result.diff.column_mapping[column] ?? column);
        if (mark) {
            chosen.set(column, mark);
            continue;
        }
        const sample = result.diff.diff_rows.flatMap((row) => [row[column], row[`source_${column}`], row[`target_${column}`]]).filter((v) => v !== undefined);
        const found = detectSensitive(column, sample, { minValues: 1, neighbours: neighbours.filter((name) => name !== column) });
        if (found.sensitive)
            chosen.set(column, found.reason);
    }
    return chosen;
}
/** The comparison with the values of `columns` masked in its rows and its messages; counts unchanged. */
function maskComparison(result, columns, masker) {
    if (columns.size === 0 || !result.diff)
        return result;
    const diff_rows = result.diff.diff_rows.map((row) => {
        const masked = { ...row };
        // a key column's value is the row's side's (both sides', equal, in a changed row)
        const keySide = row._diff_type === 'only_in_target' ? 'target' : 'source';
        for (const column of columns) {
            for (const [field, side] of [[column, keySide], [`source_${column}`, 'source'], [`target_${column}`, 'target']]) {
                if (field in masked)
                    masked[field] = masker.value(masked[field], side);
            }
        }
        return masked;
    });
    const keyMasked = result.diff.primary_key_columns.some((k) => columns.has(k));
    // A masked value's whole length and SHA-256 would let a dictionary find it: its cut entry goes too.
    const maskedFields = new Set([...columns].flatMap((column) => [column, `source_${column}`, `target_${column}`]));
    const { cut_values, ...rest } = result.diff;
    const kept = cut_values?.filter((cut) => !maskedFields.has(cut.field));
    const masked = { ...result, diff: { ...rest, diff_rows, ...(kept && kept.length > 0 ? { cut_values: kept } : {}) } };
    if (keyMasked && result.result) {
        // "Key (email) = 'a@b.com' occurs twice": the value of a sensitive key is not repeated in a sentence.
        masked.result = { ...result.result, diff_reasons: result.result.diff_reasons.map((reason) => reason.replace(/^(Key \([^)]*\) = ).*?( occurs )/, '$1(masked)$2')) };
    }
    return masked;
}
/** Every comparison of the run masked by its policy (by comparison name; default auto). */
function maskRun(run, policyOf, masker = new Masker()) {
    const masked = new Map();
    const comparisons = run.comparisons.map((c) => {
        const columns = sensitiveColumns(c, policyOf(c.name));
        if (columns.size > 0)
            masked.set(c.name, columns);
        return { ...maskComparison(c, new Set(columns.keys()), masker), ...(c.location ? { location: c.location } : {}) };
    });
    return { run: { ...run, comparisons }, masked };
}
/** Each comparison's policy from its definition (`sensitive:` in the spec; default auto). */
function policiesOf(definitions) {
    const byName = new Map(definitions.map((d) => [d.name, d.sensitive ?? 'auto']));
    return (comparison) => byName.get(comparison) ?? 'auto';
}
//# sourceMappingURL=mask.js.map

/***/ })

};
