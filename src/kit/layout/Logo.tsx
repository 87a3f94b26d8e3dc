import { Box, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** The product's mark and name; in the chrome it links to /calendar (spec 1 §2). */
export function Logo({ linked = true }: { linked?: boolean }) {
  const translate = useTranslate();
  const mark = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <img src="/favicon.svg" width={32} height={32} alt="" />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
        {translate('app.name')}
      </Typography>
    </Box>
  );
  return linked ? (
    <Link to="/calendar" style={{ color: 'inherit', textDecoration: 'none' }}>
      {mark}
    </Link>
  ) : (
    mark
  );
}
