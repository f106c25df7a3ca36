/**
 * Markdown rendered as GitHub would: micromark with the GFM extensions (tables, strikethrough,
 * autolinks), raw HTML kept (GitHub keeps an allowlist of it: <details>, <mark>, <b>, <sub>…).
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

export function renderGfm(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

/** The cells of every body row of every table, as HTML strings. */
export function tableRows(html: string): string[][] {
  return [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...(row[1] ?? '').matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((cell) => cell[1] ?? ''));
}
