import { Chip } from '@mui/material';
import StoreIcon from '@mui/icons-material/Store';
import { useGetList, useTranslate } from 'react-admin';
import { session } from '../../authProvider/storage';
import type { FacilityOption } from '../layout/FacilitySelector';

// Where results are listed, the scope they follow (issue 8 item 11): the facility selected in the
// drawer, or 'All facilities'. Only admins choose a scope; others always see their own facility.

export function FacilityScope() {
  const translate = useTranslate();
  const isAdmin = session.userType() === 'admin';
  const scope = session.facilityScope();
  const { data = [] } = useGetList<FacilityOption>(
    'facilities',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'ID', order: 'ASC' } },
    { enabled: isAdmin && scope !== null, meta: { errorDialog: false }, staleTime: 5 * 60_000 },
  );
  if (!isAdmin) return null;
  const facility = scope === null ? translate('app.all_facilities') : data.find((f) => f.ID === scope)?.name ?? `#${scope}`;
  return <Chip size="small" variant="outlined" icon={<StoreIcon />} label={translate('app.scope', { facility })} data-testid="facility-scope" />;
}
