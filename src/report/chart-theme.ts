/**
 * Mermaid colours that read on GitHub's light and dark pages alike. GitHub draws ```mermaid blocks in
 * the page's theme (default or dark); the default theme's first line colour is near-white on a white
 * page, so every chart sets its own palette in an init directive: mid-luminance colours with a
 * contrast of at least 3:1 against white (#ffffff) and against GitHub's dark background (#0d1117).
 * Text colours are left to the theme. Pure.
 */

/** Line colours, most important first: blue, red, green, amber, purple, teal. */
export const CHART_PALETTE = ['#1f6feb', '#e5534b', '#2da44e', '#bf8700', '#8957e5', '#1b7c83'] as const;

/** Pie colours by meaning. */
export const PIE_COLORS = { matched: '#2da44e', changed: '#bf8700', onlyInSource: '#e5534b', onlyInTarget: '#1f6feb' } as const;

/** The init directive of an xychart: its lines in CHART_PALETTE. */
export function xyChartInit(): string {
  return `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${CHART_PALETTE.join(', ')}"}}}}%%`;
}

/** The init directive of a pie whose slices are `colors`, in order (opaque, slice borders and the labels on them white). */
export function pieInit(colors: readonly string[]): string {
  const slices = Object.fromEntries(colors.map((color, i) => [`pie${i + 1}`, color]));
  return `%%{init: {"themeVariables": ${JSON.stringify({ ...slices, pieStrokeColor: '#ffffff', pieSectionTextColor: '#ffffff', pieOuterStrokeWidth: '0px', pieOpacity: '1' })}}}%%`;
}
