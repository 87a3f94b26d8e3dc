import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createTheme, CssBaseline, Link, ThemeProvider } from '@mui/material';
import { Link as RouterLink, MemoryRouter } from 'react-router-dom';
import { PRIMARY, theme } from '../../src/kit/theme';

// Every link in one colour (issue 41 m4): the standings' team links and the schedule's date links were the
// browser's blue beside the app's green ones. The theme draws every <a> in the primary green, as MUI's
// Link does, whether it is MUI's Link, react-router's Link or a plain anchor.

afterEach(cleanup);

const GREEN = 'rgb(27, 94, 32)';

describe('links', () => {
  it('are all the primary green: MUI Link, react-router Link and a plain anchor', () => {
    expect(PRIMARY).toBe('#1b5e20');
    render(
      <ThemeProvider theme={createTheme(theme)}>
        <CssBaseline />
        <MemoryRouter>
          <Link component={RouterLink} to="/team/1">MUI link</Link>
          <RouterLink to="/team/2">Router link</RouterLink>
          <a href="mailto:a@b.test">Mail link</a>
        </MemoryRouter>
      </ThemeProvider>,
    );
    for (const name of ['MUI link', 'Router link', 'Mail link']) {
      expect(getComputedStyle(screen.getByRole('link', { name })).color, name).toBe(GREEN);
    }
  });

  it('are the browser\'s blue without the theme (the check can fail)', () => {
    render(<MemoryRouter><RouterLink to="/team/2">Router link</RouterLink></MemoryRouter>);
    expect(getComputedStyle(screen.getByRole('link', { name: 'Router link' })).color).not.toBe(GREEN);
  });
});
