/** The board's colour themes (dark, light, high contrast), as the display's settings name them. */
export const THEMES = {
  dark: { bg: '#0b1a2b', panel: '#13263d', text: '#ffffff', muted: '#c5d3e3', accent: '#ffd54f', ticker: '#06111d' },
  light: { bg: '#f4f6f9', panel: '#ffffff', text: '#102030', muted: '#3d4f61', accent: '#0d47a1', ticker: '#0d47a1' },
  contrast: { bg: '#000000', panel: '#000000', text: '#ffffff', muted: '#ffffff', accent: '#ffff00', ticker: '#000000' },
} as const;

export type BoardTheme = (typeof THEMES)[keyof typeof THEMES];
