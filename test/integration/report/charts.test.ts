/**
 * The charts as GitHub draws them: mermaid (the npm package, as GitHub uses) in headless Chromium, in
 * the default (light) and dark themes. Every line of the drift trend and every pie slice must stand
 * out from the page: a contrast of at least 3:1 against white and against GitHub's dark background.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../../helpers/browser.js';
import { trendChart, type DriftHistory } from '../../../src/report/drift.js';
import { renderSummary } from '../../../src/report/markdown-summary.js';
import { CHART_PALETTE, PIE_COLORS } from '../../../src/report/chart-theme.js';
import { loadResult } from '../../fixtures/results/load.js';

const require = createRequire(import.meta.url);
const BACKGROUNDS = { default: '#ffffff', dark: '#0d1117' } as const;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
function hex(color: string): string {
  const rgb = /rgb\((\d+), ?(\d+), ?(\d+)\)/.exec(color);
  return rgb ? `#${rgb.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}` : color.toLowerCase();
}

/** The mermaid source of the first ```mermaid block. */
function mermaidSource(markdown: string): string {
  return /```mermaid\n([\s\S]*?)```/.exec(markdown)![1]!;
}

const history: DriftHistory = {
  version: 1,
  comparisons: Object.fromEntries(
    ['orders', 'payments', 'customers'].map((name, c) => [name, Array.from({ length: 6 }, (_, i) => ({ at: `2026-11-2${i}T03:00:00Z`, status: 'mismatch' as const, differing: (c + 1) * (i + 1) * 10, onlyInSource: 0, onlyInTarget: 0 }))]),
  ),
};

describe.runIf(browserAvailable())('charts drawn by mermaid read on light and dark pages', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setContent('<html><body></body></html>');
    await page.addScriptTag({ content: readFileSync(require.resolve('mermaid/dist/mermaid.min.js'), 'utf8') });
  }, 60_000);
  afterAll(async () => browser?.close());

  /** Renders `source` in `theme` and returns the colours of the elements matching `selector` (attribute `attr`). */
  async function colours(source: string, theme: 'default' | 'dark', selector: string, attr: 'stroke' | 'fill'): Promise<{ colour: string; opacity: string }[]> {
    return page.evaluate(
      async ({ source, theme, selector, attr }) => {
        const m = (globalThis as unknown as { mermaid: { initialize: (c: object) => void; render: (id: string, s: string) => Promise<{ svg: string }> } }).mermaid;
        m.initialize({ startOnLoad: false, theme });
        const { svg } = await m.render(`c${Math.random().toString(36).slice(2)}`, source);
        const doc = (globalThis as unknown as { document: { body: { innerHTML: string; querySelectorAll: (s: string) => { getAttribute: (a: string) => string | null }[] } } }).document;
        doc.body.innerHTML = svg;
        const win = globalThis as unknown as { getComputedStyle: (e: unknown) => Record<string, string> };
        return Array.from(doc.body.querySelectorAll(selector)).map((e) => ({ colour: e.getAttribute(attr) ?? win.getComputedStyle(e)[attr] ?? '', opacity: win.getComputedStyle(e).opacity ?? '1' }));
      },
      { source, theme, selector, attr },
    );
  }

  for (const theme of ['default', 'dark'] as const) {
    it(`draws every drift trend line in the palette, each at least 3:1 against the ${theme} page`, async () => {
      const lines = await colours(mermaidSource(trendChart(history)!), theme, 'g.line-plot-0 path, g.line-plot-1 path, g.line-plot-2 path', 'stroke');
      expect(lines.map((l) => hex(l.colour))).toEqual(CHART_PALETTE.slice(0, 3).map((c) => c.toLowerCase()));
      for (const line of lines) expect(contrast(hex(line.colour), BACKGROUNDS[theme])).toBeGreaterThanOrEqual(3);
    });

    it(`colours the summary's pie by meaning, opaque, each slice at least 3:1 against the ${theme} page`, async () => {
      const markdown = renderSummary(loadResult('mismatch'), { maxDiffRows: 10 });
      const slices = await colours(mermaidSource(markdown), theme, 'path.pieCircle', 'fill');
      expect(slices.map((s) => hex(s.colour))).toEqual([PIE_COLORS.matched, PIE_COLORS.changed, PIE_COLORS.onlyInSource, PIE_COLORS.onlyInTarget]);
      for (const slice of slices) {
        expect(slice.opacity).toBe('1');
        expect(contrast(hex(slice.colour), BACKGROUNDS[theme])).toBeGreaterThanOrEqual(3);
      }
    });
  }
});
