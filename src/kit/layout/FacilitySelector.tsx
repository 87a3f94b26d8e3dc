import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ALL_FACILITIES, session } from '../../../dataProvider/session';
import { useFacilityChoices } from './facilities';
import { reloadPage } from './reloadPage';

/**
 * The admin's facility selector (spec 1 §4): a facility or 'All facilities' (the spec's facility 0),
 * kept in this browser (default 1); lists and searches follow it (dataProvider/facilityScope.ts). A
 * change reloads the page, so every screen starts again in the new scope.
 */
export function FacilitySelector() {
  const translate = useTranslate();
  // The drawer stays usable if the list fails: the selector then offers nothing to change to.
  const options = useFacilityChoices();
  const selected = session.facilitySelection();

  return (
    <TextField
      select
      size="small"
      fullWidth
      label={translate('app.facility')}
      value={selected === ALL_FACILITIES || options.some((f) => f.ID === selected) ? selected : ''}
      onChange={(event) => {
        session.selectFacility(Number(event.target.value));
        reloadPage();
      }}
    >
      <MenuItem value={ALL_FACILITIES}>{translate('app.all_facilities')}</MenuItem>
      {options.map((facility) => (
        <MenuItem key={facility.ID} value={facility.ID}>
          {facility.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
