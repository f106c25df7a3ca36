/** The web page's icon: two overlapping tables, one of them marked, as a small SVG (no binary asset to ship). */
export const FAVICON = {
  path: '/ui/favicon.svg',
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="4" width="18" height="20" rx="3" fill="#24292f"/><rect x="12" y="9" width="18" height="20" rx="3" fill="#1f883d"/><path d="M15 15h12M15 20h12M15 25h12" stroke="#fff" stroke-width="2"/><path d="M5 10h12M5 15h5" stroke="#fff" stroke-width="2"/></svg>`,
} as const;
