import { defaultTheme, type RaThemeOptions } from 'react-admin';

// react-admin's default theme in the colours of the logo.
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1b5e20' }, secondary: { main: '#2e7d32' } },
};
