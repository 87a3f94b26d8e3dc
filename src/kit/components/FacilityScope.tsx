import { Chip } from '@mui/material';
import StoreIcon from '@mui/icons-material/Store';
import { useTranslate } from 'react-admin';
import { session } from '../../../dataProvider/session';
import { useFacilityChoices } from '../layout/facilities';

// Where results are listed, the scope they follow (issue 8 item 11): the facility selected in the
// drawer, or 'All facilities'. Only admins choose a scope; others always see their own facility.

export function FacilityScope() {
  const translate = useTranslate();
  const isAdmin = session.userType() === 'admin';
  const scope = session.facilityScope();
  const data = useFacilityChoices({ enabled: isAdmin && scope !== null, all: true });
  if (!isAdmin) return null;
  const facility = scope === null ? translate('app.all_facilities') : data.find((f) => f.ID === scope)?.name ?? `#${scope}`;
  return <Chip size="small" variant="outlined" icon={<StoreIcon />} label={translate('app.scope', { facility })} data-testid="facility-scope" />;
}
