import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { FACILITY } from '../../core/constants';
import { ALL_FACILITIES, session } from '../../authProvider/storage';
import { reloadPage } from './reloadPage';

export interface FacilityOption {
  id: number;
  ID: number;
  name: string;
  nickname?: string | null;
}

/** Facilities offered by selectors (spec 1 §3): ids of 997 or above and empty nicknames are hidden. */
export function selectableFacilities<T extends { ID: number; nickname?: string | null }>(facilities: readonly T[]): T[] {
  return facilities.filter((f) => f.ID < FACILITY.HIDDEN_FROM && !!f.nickname?.trim());
}

/**
 * The admin's facility selector (spec 1 §4): a facility or 'All facilities' (the spec's facility 0),
 * kept in this browser (default 1); lists and searches follow it (dataProvider/facilityScope.ts). A
 * change reloads the page, so every screen starts again in the new scope.
 */
export function FacilitySelector() {
  const translate = useTranslate();
  // The drawer stays usable if the list fails: the selector then offers nothing to change to.
  const { data = [] } = useGetList<FacilityOption>(
    'facilities',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'ID', order: 'ASC' } },
    { meta: { errorDialog: false }, staleTime: 5 * 60_000 },
  );
  const options = selectableFacilities(data);
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
