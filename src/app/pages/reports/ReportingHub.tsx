import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Title, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { REPORTS } from './definitions';
import './messages';

/** /reporting: a card per report; the filters of the URL (if any) carry over to the report opened. */
export default function ReportingHub() {
  const translate = useTranslate();
  const { search } = useLocation();
  return (
    <>
      <Title title={translate('page.reporting')} />
      <Typography variant="subtitle1" component="p" sx={{ mb: 2 }}>{translate('reports.hub_intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {REPORTS.map(({ name }) => (
          <Card key={name} component="section" variant="outlined" aria-labelledby={`report-card-${name}`}>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <AssessmentIcon color="primary" />
              <Typography id={`report-card-${name}`} variant="h6" component="h2">{translate(`reports.names.${name}`)}</Typography>
            </CardContent>
            <CardActions>
              <Button component={Link} to={`/reporting/${name}${search}`} variant="contained" size="small">{translate('reports.open')}</Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </>
  );
}
