/**
 * People's names told apart from product, company and place names by their values and neighbours,
 * on realistic rows: a `name` of customers is masked, a `name` of products or cities is not.
 */
import { describe, expect, it } from 'vitest';
import { detectSensitive } from '../../../src/sensitive/detect.js';
import { looksLikePersonName } from '../../../src/sensitive/person-names.js';

const PEOPLE = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'María José García', 'Lovelace, Ada', 'Dr. Katherine Johnson', 'Jan van der Berg', 'Jürgen Müller', "Sean O'Brien", 'Anne-Marie Dupont'];
const PRODUCTS = ['Widget Pro 3000', 'Blue T-Shirt (M)', 'Oak Dining Table', 'Espresso Machine', 'USB-C Cable 2m', 'Organic Green Tea'];
const CITIES = ['Paris', 'New York', 'São Paulo', 'Charlotte', 'Victoria', 'Los Angeles', 'Amsterdam', 'Rio de Janeiro'];
const COMPANIES = ['Acme Corp', 'Globex Corporation', 'Initech', 'Umbrella Ltd', 'Stark Industries', 'Wayne Enterprises'];

describe('people\'s names', () => {
  it.each(PEOPLE)('%s looks like a person', (value) => expect(looksLikePersonName(value)).toBe(true));
  it.each([...PRODUCTS, ...COMPANIES, 'New York', 'alice_w', 'ADA LOVELACE INC', 'Grace 42'])('%s does not', (value) => expect(looksLikePersonName(value)).toBe(false));

  it('masks a `name` of customers by its values, even from one differing row', () => {
    expect(detectSensitive('name', PEOPLE)).toMatchObject({ sensitive: true, kind: 'person-name' });
    expect(detectSensitive('name', ['Grace Hopper'], { minValues: 1 })).toMatchObject({ sensitive: true, kind: 'person-name' });
    // renamed in a query: the values still say it
    expect(detectSensitive('contact', ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'])).toMatchObject({ sensitive: true });
    expect(detectSensitive('c1', ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'])).toMatchObject({ sensitive: true });
  });

  it('masks a `name` beside an e-mail or a birth date with no values at hand', () => {
    expect(detectSensitive('name', [], { neighbours: ['id', 'email', 'created_at'] })).toMatchObject({ sensitive: true, reason: expect.stringMatching(/beside `email`/) });
    expect(detectSensitive('display_name', [], { neighbours: ['id', 'date_of_birth'] }).sensitive).toBe(true);
  });

  it('leaves product, company and place names alone', () => {
    expect(detectSensitive('name', PRODUCTS, { neighbours: ['id', 'sku', 'price'] }).sensitive).toBe(false);
    expect(detectSensitive('name', CITIES, { neighbours: ['id', 'country_code', 'population'] }).sensitive).toBe(false);
    expect(detectSensitive('name', COMPANIES, { neighbours: ['id', 'industry', 'email'] }).sensitive).toBe(false);
    expect(detectSensitive('company_name', ['Acme Corp'], { neighbours: ['email'], minValues: 1 }).sensitive).toBe(false);
    expect(detectSensitive('product_name', [], { neighbours: ['email', 'phone'] }).sensitive).toBe(false);
    expect(detectSensitive('name').sensitive).toBe(false);
    expect(detectSensitive('user_id', [], { neighbours: ['email'] }).sensitive).toBe(false);
    expect(detectSensitive('name', ['SKU-1', 'SKU-2'], { neighbours: ['email'] }).sensitive).toBe(false);
  });
});
