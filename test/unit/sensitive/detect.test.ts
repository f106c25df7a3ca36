/**
 * Sensitive-column detection on a labelled set of 252 columns (test/fixtures/sensitive/columns.json):
 * realistic names in six languages, look-alikes that are about the data rather than the data
 * (email_sent_count, phone_verified, ip_count), and columns known by their values only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectSensitive, luhn, validIban, valueKind } from '../../../src/sensitive/detect.js';
import { maskRun } from '../../../src/sensitive/mask.js';
import { renderText } from '../../../src/report/text.js';
import { loadResult } from '../../fixtures/results/load.js';

interface Labelled {
  name: string;
  sensitive: boolean;
  values?: string[];
  kind?: string;
}
const { columns } = JSON.parse(readFileSync(path.resolve('test/fixtures/sensitive/columns.json'), 'utf8')) as { columns: Labelled[] };

describe('sensitive-column detection', () => {
  it('reaches its measured precision and recall on the labelled set', () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const wrong: string[] = [];
    for (const column of columns) {
      const found = detectSensitive(column.name, column.values ?? []);
      if (found.sensitive && column.sensitive) tp++;
      else if (found.sensitive) {
        fp++;
        wrong.push(`false positive: ${column.name} (${found.reason})`);
      } else if (column.sensitive) {
        fn++;
        wrong.push(`missed: ${column.name} (${found.reason})`);
      }
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.info(`sensitive detection on ${columns.length} columns: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n${wrong.join('\n')}`);
    expect(precision).toBeGreaterThanOrEqual(0.97);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it.each(['order_id', 'email_sent_count', 'phone_verified', 'is_email_confirmed', 'ip_count', 'name', 'tracking_number'])('does not flag %s', (name) => {
    expect(detectSensitive(name, ['123456789012', '4242', 'x']).sensitive).toBe(false);
  });

  it('names the kind and the reason', () => {
    expect(detectSensitive('billingEmail', ['ann@example.com', 'bo@example.org', 'cy@example.net'])).toMatchObject({
      sensitive: true,
      kind: 'email',
      reason: expect.stringMatching(/the name says email .* and 3 of 3 sampled values are one/),
    });
    expect(detectSensitive('ref', ['DE89370400440532013000', 'GB82WEST12345698765432', 'NL91ABNA0417164300'])).toMatchObject({ sensitive: true, kind: 'financial' });
  });

  it('checks card numbers by Luhn and IBANs by mod 97', () => {
    expect(luhn('4242424242424242')).toBe(true);
    expect(luhn('4242424242424241')).toBe(false);
    expect(validIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(validIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(valueKind('4242424242424241')).toBeUndefined();
    expect(valueKind('12345678')).toBeUndefined(); // a plain integer is an id, not a phone number
  });
});

describe('numbers are never personal data by their values alone', () => {
  it('does not flag an amount column whose decimals look like phone numbers, in any output', () => {
    expect(valueKind('1500375.25')).toBeUndefined();
    expect(valueKind('-1500375')).toBeUndefined();
    expect(valueKind('+49 30 1234567')).toBe('phone'); // still a phone number written as one
    expect(detectSensitive('amount', ['1500375.25', '1500375.75', '2300100.10', '999999.99'])).toMatchObject({ sensitive: false });
    expect(detectSensitive('total', [5551234567, 4111111111111111, 5551239876])).toMatchObject({ sensitive: false, reason: 'numbers (amounts, measures) are not personal data by their values alone' });
  });

  it('still flags a numeric column its name calls personal, and card numbers written as digit strings', () => {
    expect(detectSensitive('phone', [4915112345678, 4915112345679, 4915112345670])).toMatchObject({ sensitive: true, kind: 'phone' });
    expect(detectSensitive('value', ['6011114710497465', '6011712768426847', '3782199351819097'])).toMatchObject({ sensitive: true, kind: 'financial' });
  });

  it('masks the amount nowhere: the masked run keeps 1500375.25 → 1500375.75', () => {
    const run = loadResult('differences');
    const masked = maskRun(run, () => 'auto').run;
    const row = masked.comparisons[0]!.diff!.diff_rows.find((r) => r.id === 2)!;
    expect([row.source_amount, row.target_amount]).toEqual(['1500375.25', '1500375.75']);
    expect(renderText(masked, { color: false, maxDiffRows: 10 })).toContain('amount 1500375.25 → 1500375.75');
  });
});
