/**
 * Text literals built from data (the checksum diff writes key values into its SQL) read back as the
 * same text whatever the session's escaping mode: PostgreSQL's `standard_conforming_strings` on or
 * off, MariaDB's sql_mode with or without NO_BACKSLASH_ESCAPES; and no value can end the literal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import { mysqlCompiler } from '../../../src/dialects/mysql/compiler.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';

const texts = ['plain', "it's", 'a\\b', "x\\' OR 1=1 -- ", "\\'", '\\', '\\\\n', "''", 'é€😀', 'tab\there', '%_'];

describe.runIf(await databaseAvailable('postgres'))('PostgreSQL string literals', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
    await client.connect();
  });
  afterAll(async () => client?.end());

  it.each([['on'], ['off']])('read back exactly with standard_conforming_strings = %s', async (setting) => {
    await client.query(`SET standard_conforming_strings = ${setting}`);
    await client.query('SET escape_string_warning = off');
    for (const text of texts) {
      const { rows } = await client.query(`SELECT ${postgresCompiler.stringLiteral(text)} AS t, 1 AS one`);
      expect(rows).toEqual([{ t: text, one: 1 }]);
    }
  });
});

describe.runIf(await databaseAvailable('mysql'))('MariaDB string literals', () => {
  let connection: mysql.Connection;
  beforeAll(async () => {
    connection = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql, charset: 'utf8mb4_general_ci' });
    await connection.query(
      "CREATE TEMPORARY TABLE dc_literals (ci VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci, latin VARCHAR(40) CHARACTER SET latin1)",
    );
    await connection.query("INSERT INTO dc_literals VALUES ('A\\\\B', 'a\\\\b'), ('é\\\\x', 'é\\\\x')");
  });
  afterAll(async () => connection?.end());

  it.each([[''], ['NO_BACKSLASH_ESCAPES']])('read back exactly, and compare in the column\'s collation, with sql_mode %s', async (mode) => {
    await connection.query(`SET SESSION sql_mode = '${mode}'`);
    for (const text of texts) {
      const [rows] = await connection.query(`SELECT ${mysqlCompiler.stringLiteral(text)} AS t, 1 AS one`);
      expect((rows as { t: string | Buffer }[]).map((row) => ({ ...row, t: String(row.t) }))).toEqual([{ t: text, one: 1 }]);
    }
    // Case-insensitively in a utf8mb4_general_ci column, and converted for a latin1 one.
    const count = async (where: string) => {
      const [rows] = await connection.query(`SELECT count(*) AS n FROM dc_literals WHERE ${where}`);
      return Number((rows as { n: number }[])[0]?.n);
    };
    expect(await count(`ci = ${mysqlCompiler.stringLiteral('a\\b')}`)).toBe(1);
    expect(await count(`ci BETWEEN ${mysqlCompiler.stringLiteral('a\\a')} AND ${mysqlCompiler.stringLiteral('a\\c')}`)).toBe(1);
    expect(await count(`latin = ${mysqlCompiler.stringLiteral('é\\x')}`)).toBe(1);
  });
});
