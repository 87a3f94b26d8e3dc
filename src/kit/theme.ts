import { defaultTheme, type RaThemeOptions } from 'react-admin';

// react-admin's default theme in the colours of the logo, readable (WCAG 2.1 AA) and still for those who
// ask for less motion.

/** Whether the person asked their system for less motion (read once, at start). */
export const reducedMotion = typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Where the keyboard is, always drawn: an outline on whatever has keyboard focus (MUI marks it with a ripple
 * alone, which is gone when motion is reduced and faint on coloured buttons).
 */
const FOCUS = {
  '*:focus-visible, .Mui-focusVisible': { outline: '3px solid #1565c0 !important', outlineOffset: '2px' },
};

/** The logo's green: the primary colour, and every link's. */
export const PRIMARY = '#1b5e20';

/**
 * Every link in the app's one colour (issue 41 m4): a plain <a> (react-router's Link, a mailto) as MUI's
 * Link draws one — the primary green, its underline at 40% — rather than the browser's blue and purple.
 * Only an anchor without a class: MUI's own (Link, a Button that is a link) keep their styles.
 */
const LINKS = {
  'a:not([class])': { color: PRIMARY, textDecorationColor: 'rgba(27, 94, 32, 0.4)' },
};

/**
 * Animations and transitions cut short wherever the system asks for less motion. Not inside FullCalendar:
 * a duration given to every element turns every style change into a transition (its property defaults to
 * all), and FullCalendar, which measures its slots right after styling them, read the old widths and drew
 * the month's events a week from their day. Its one motion, a drag's revert, is turned off in its options.
 */
const STILL = {
  '@media (prefers-reduced-motion: reduce)': {
    '*:not(.fc *), *:not(.fc *)::before, *:not(.fc *)::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: PRIMARY },
    secondary: { main: '#2e7d32' },
    // MUI's orange (#ed6c02) and light blue (#0288d1) read at 3.1:1 and 3.9:1 on white: darker shades, 5.0:1 and 4.8:1.
    warning: { main: '#b45309' },
    info: { main: '#0277bd' },
    // MUI's red (#d32f2f) reads at 4.4:1 on a filled field's grey (an invalid field's label): its dark shade, 4.9:1 there
    // and 5.6:1 on white. The light shade stays MUI's (a taken row's background, under dark text).
    error: { main: '#c62828', light: '#ef5350', dark: '#b71c1c' },
  },
  ...(reducedMotion && { transitions: { create: () => 'none' } }),
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: { styleOverrides: { ...LINKS, ...FOCUS, ...STILL } },
    MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
    // react-admin's "not found" message is text at half opacity, 3.2:1 on the page: three quarters read at 7:1.
    RaNotFound: { styleOverrides: { root: { '& .RaNotFound-message': { opacity: 0.75 } } } },
  },
};
