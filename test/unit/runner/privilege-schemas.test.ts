/** The schema a privilege warning grants on is the one the database resolves the table in, not the name as written. */
import { describe, expect, it } from 'vitest';
import { schemaOf } from '../../../src/runner/privilege-warnings.js';

describe('schemaOf', () => {
  it.each([
    ['analytics.orders', true, 'analytics'],
    ['Analytics.Orders', true, 'analytics'], // PostgreSQL folds an unquoted name
    ['"Analytics".orders', true, 'Analytics'], // … never a quoted one
    ['"my.schema"."or""ders"', true, 'my.schema'],
    ['dw.Sales.orders', true, 'sales'], // database.schema.table
    ['Shop.orders', false, 'Shop'], // MySQL: the database as written
    ['`shop db`.orders', false, 'shop db'],
    ['orders', true, undefined],
  ])('%s (folds: %s) → %s', (dataset, folds, schema) => {
    expect(schemaOf(dataset, folds)).toBe(schema);
  });
});
