/**
 * A connection URL is read one way or refused, and a refused URL's message quotes none of it; the
 * redaction of a URL covers every piece a parser may carve out of its password.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectionUrlProblem, readConnectionUrl } from '../../../src/shared/connection-url.js';
import { ConfigurationError } from '../../../src/shared/errors.js';
import { addSecret, clearSecrets, redact, redactWith, registeredSecrets, secretsIn } from '../../../src/shared/redact.js';

afterEach(() => clearSecrets());

describe('connectionUrlProblem', () => {
  it.each([
    ['postgres://reader:p%40ss%2F1@db.internal:5432/shop'],
    ['postgres://wh@db/dw'],
    ['postgres:///app?host=/var/run/postgresql&sslmode=require'],
    ['postgresql://u:a:b@[::1]:5432/db?application_name=ci'],
    ['mysql://u@h/app?ssl={"rejectUnauthorized":true}'],
    ['mariadb://root@127.0.0.1:3306/test'],
  ])('reads %s one way', (url) => {
    expect(connectionUrlProblem(url)).toBeUndefined();
  });

  // Each a password (SecretPart…) written without percent-encoding, or a URL no parser reads the same way twice.
  it.each([
    ['an @ and a / in the password', 'mysql://u:P@ssLongSecretPart/1@host:3306/db', 'cannot be split one way'],
    ['two @ in the authority', 'postgres://u:P@ssSecretPart@host/db', 'cannot be split one way'],
    ['a ? in the password', 'postgres://u:ab?SecretPart@host/db', 'cannot be split one way'],
    ['an @ in the query only', 'postgres://host/db?application_name=SecretPart@x', 'cannot be split one way'],
    ['a # in the password', 'mysql://u:ab#SecretPart@host/db', 'holds a `#`'],
    ['a bare % in the password', 'mysql://u:ab%zzSecretPart@host/db', 'holds a `%`'],
    ['a space in the password', 'postgres://u:ab SecretPart@host/db', 'holds a space'],
    ['a tab', 'postgres://u:ab\tSecretPart@host/db', 'holds a space or a control character'],
    ['a port that is not a number', 'postgres://u:SecretPart@host:port/db', 'cannot be read as a URL'],
    ['%-escapes that are not UTF-8', 'postgres://u:%C3%28SecretPart@host/db', 'not UTF-8'],
    ['no scheme', 'host=db password=SecretPart', 'is not a URL'],
  ])('refuses %s, quoting none of it', (_, url, message) => {
    const problem = connectionUrlProblem(url);
    expect(problem?.message).toContain(message);
    expect(problem?.hint).toMatch(/percent-encode|scheme:\/\//);
    expect(`${problem?.message} ${problem?.hint}`).not.toMatch(/SecretPart|ssLong/);
  });

  it('throws a ConfigurationError naming the subject, with the percent-encoding hint', () => {
    const read = () => readConnectionUrl('mysql://u:P@ssLongSecretPart/1@host:3306/db', 'the url of data source "shop"');
    expect(read).toThrow(ConfigurationError);
    expect(read).toThrowErrorMatchingInlineSnapshot(
      `[ConfigurationError: The url of data source "shop" cannot be split one way into user, password and host: an \`@\`, \`/\` or \`?\` in the password (or user) ends it early, and the rest of it would be read as the host.]`,
    );
    try {
      read();
    } catch (error) {
      expect((error as ConfigurationError).hint).toMatchInlineSnapshot(
        `"Percent-encode the password and user: write each special character as \`%\` and its hex code (\`@\` → \`%40\`, \`/\` → \`%2F\`, \`?\` → \`%3F\`, \`#\` → \`%23\`, \`%\` → \`%25\`, a space → \`%20\`; encodeURIComponent does it); no part of the URL is printed."`,
      );
    }
  });
});

describe('the secrets of a URL', () => {
  it('hide every piece a parser may take from a password that breaks its URL: as host, password or database, raw, decoded or encoded', () => {
    addSecret('mysql://u:P@ssLongSecretPart/1@db.example:3306/shop');
    const driverSays = [
      'getaddrinfo ENOTFOUND ssLongSecretPart',
      'connect to ssLongSecretPart/1:3306 failed',
      "Access denied for user 'u' (password P@ssLongSecretPart/1)",
      'password P%40ssLongSecretPart%2F1 rejected',
    ];
    for (const text of driverSays) expect(redact(text)).not.toMatch(/LongSecret/);
  });

  it('hide the password of a well-formed URL in every spelling, and leave its user, host and database readable', () => {
    const secrets = secretsIn('postgres://postgres:p%40ss%2Fword@127.0.0.1:5432/test?sslpassword=keyPhrase');
    expect(secrets).toEqual(expect.arrayContaining(['p%40ss%2Fword', 'p@ss/word', 'keyPhrase']));
    for (const plain of ['postgres', '127.0.0.1', 'test', '127.0.0.1:5432']) expect(secrets).not.toContain(plain);
    expect(secretsIn('postgres://postgres@127.0.0.1:5432/test')).toEqual(['postgres://postgres@127.0.0.1:5432/test']);
  });

  it('of a well-formed URL are its password whole: the words it is made of stay readable in every text', () => {
    addSecret('postgres://reader:pass:word@db.internal:5432/shop');
    expect(registeredSecrets()).toEqual(expect.arrayContaining(['pass:word', 'pass%3Aword']));
    expect(registeredSecrets()).not.toEqual(expect.arrayContaining(['pass']));
    expect(registeredSecrets()).not.toEqual(expect.arrayContaining(['word']));
    expect(redact('password reset; word count; pass / fail; login pass:word failed; pass%3Aword')).toBe('password reset; word count; pass / fail; login *** failed; ***');
  });

  it('of a broken URL hide each piece where a parser would print it, as a word of its own in any case, and nowhere inside a word', () => {
    addSecret('mysql://u:word@Secret/pass@db.example:3306/shop');
    // what parsers read from it: the host `Secret` (lower-cased), the database `pass`, the password `word` or `word@Secret/pass`
    for (const driverSays of ['getaddrinfo ENOTFOUND secret', "Unknown database 'pass'", 'Access denied (using password: word)', 'connect to Secret:3306']) {
      expect(redact(driverSays), driverSays).not.toMatch(/secret'?$|'pass'|: word\)|Secret:/i);
    }
    expect(redact('host word@Secret/pass rejected')).toBe('host *** rejected');
    // inside a longer word it is not what a parser printed
    expect(redact('password, secretary, passport, keyword')).toBe('password, secretary, passport, keyword');
    // the runner's own masking (substring) is given only the whole secrets
    expect(registeredSecrets().filter((secret) => ['word', 'pass', 'Secret', 'secret'].includes(secret))).toEqual([]);
  });

  it('are hidden by pattern up to the last @ when the URL was never registered', () => {
    expect(redact('could not open mysql://u:P@ssLongSecretPart/1@db.example:3306/shop: refused')).toBe('could not open mysql://u:***@db.example:3306/shop: refused');
    expect(redact('from mysql://a:b@h/x and pg://c:d/d@e, mail me@corp')).toBe('from mysql://a:***@h/x and pg://c:***@e, mail me@corp');
    expect(redactWith('host ssLongSecretPart', secretsIn('mysql://u:P@ssLongSecretPart/1@h/db'))).toBe('host ***');
  });

  it('in a parameter named like a password are hidden whatever precedes the name; a name that only holds "pass" is not', () => {
    expect(redact('could not connect to postgres://u@h/db?sslmode=require&sslpassword=keyPhrase1: refused')).toBe('could not connect to postgres://u@h/db?sslmode=require&sslpassword=*** refused');
    expect(redact('host=db PGPASSWORD=abc db_pass=xyz api_token=t0k sslkey=pem pwd=1')).toBe('host=db PGPASSWORD=*** db_pass=*** api_token=*** sslkey=*** pwd=***');
    expect(redact('passed=3 password_reset_count=2 compass=N bypassed=1')).toBe('passed=3 password_reset_count=2 compass=N bypassed=1');
  });

  it('leave a host:port URL whose path holds an @ readable (an npm registry asked for a scoped package)', () => {
    const npmSays = 'request to http://127.0.0.1:9/@duckdb%2fnode-api failed, reason: connect ECONNREFUSED 127.0.0.1:9';
    expect(redact(npmSays)).toBe(npmSays);
    expect(redact('from pg://c:5432x/d@e')).toBe('from pg://c:***@e');
  });
});
