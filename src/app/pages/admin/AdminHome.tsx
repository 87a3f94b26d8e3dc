import { Suspense } from 'react';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../../core/constants';
import { shownTo, useNavigation } from '../../../kit/layout/navigation';

/** /admin: one card per area with a Manage button, shown to the roles that may open the area. */
export default function AdminHome() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Role>();
  const { cards } = useNavigation();
  return (
    <>
      <Title title={translate('page.admin')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {shownTo(cards, permissions).map(({ label, to, icon: Icon }) => (
          <Card key={to} component="section" aria-labelledby={`admin-card-${to}`} variant="outlined">
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Suspense fallback={null}>
                <Icon color="primary" />
              </Suspense>
              <Typography id={`admin-card-${to}`} variant="h6" component="h2">
                {translate(label)}
              </Typography>
            </CardContent>
            <CardActions>
              <Button component={Link} to={to} variant="contained" size="small">
                {translate('admin_home.manage')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </>
  );
}
