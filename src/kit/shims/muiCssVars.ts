// MUI's CSS-variables theming, left out of the built app (vite.config.ts): MUI's createTheme and
// ThemeProvider import it for themes made with `cssVariables` or `colorSchemes`, which Touchline's
// (src/kit/theme.ts, through react-admin's ThemeProvider) never is, and it would be about 6 kB gzip of the
// entry bundle (bench/firstLoad.ts budgets it). Should a theme ask for it, the build says so at once.

function unsupported(): never {
  throw new Error('MUI CSS-variables themes are left out of the build (vite.config.ts, src/kit/shims/muiCssVars.ts)');
}

/** createTheme's stand-in for createThemeWithVars (a theme with `cssVariables`). */
export default function createThemeWithVars(): never {
  return unsupported();
}

/** ThemeProvider's stand-in for CssVarsProvider (a theme with `colorSchemes`). */
export function CssVarsProvider(): never {
  return unsupported();
}
