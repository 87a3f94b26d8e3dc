import { useState } from 'react';
import { Box, Button, Chip, ToggleButton, ToggleButtonGroup } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  BooleanInput, DataTable, List, Pagination, ResourceContextProvider, SearchInput, Title, TopToolbar, usePermissions, useTranslate,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { FacilityScope } from '../../src/kit/components/FacilityScope';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { showPath } from '../../src/kit/entity/paths';
import { DiscountInputs, RuleInputs } from './DiscountInputs';
import { dateTime, discountValue, useExpireDiscount, type DiscountRow, type RuleRow } from './discountParts';
import './messages';

// /discount (spec 1 §2, §4): a toggle between Discounts and Rules (?view=rules), a filter box and
// Add new (admins only; a dialog over the list, also /discount/create). Discounts: name, type, value
// and the expire action; expired discounts are hidden until 'Show expired?' is on, and have no further
// expire action; a row opens the discount's page. Rules: discount, facility, product type, start, end,
// comment.

export const VIEWS = ['discounts', 'rules'] as const;
type View = (typeof VIEWS)[number];

/** A list's toolbar: Add new when `onAdd` is given, and the facility scope of lists that have one. */
function AddNew({ onAdd, scoped = false }: { onAdd?: () => void; scoped?: boolean }) {
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {scoped && <FacilityScope />}
      {onAdd && (
        <Button startIcon={<AddIcon />} onClick={onAdd}>
          {translate('discounts_page.add_new')}
        </Button>
      )}
    </TopToolbar>
  );
}

const listProps = {
  empty: false as const,
  perPage: DEFAULT_PAGE_SIZE,
  pagination: <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />,
  // The page's own query string (?view=) is not the list's.
  disableSyncWithLocation: true,
  title: false as const,
};

function Discounts({ role }: { role: Role | undefined }) {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  const { mayExpire, expire } = useExpireDiscount();

  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('discounts_page.search')} />,
    <BooleanInput key="expired" source="expired" label="discounts_page.show_expired" alwaysOn />,
  ];
  return (
    <>
      <List<DiscountRow>
        {...listProps}
        resource="discount"
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        actions={can(role, 'discounts', 'create') ? <AddNew onAdd={() => setAdding(true)} /> : false}
      >
        <DataTable<DiscountRow> bulkActionButtons={false} rowClick={(id) => showPath('discount', id)}>
          <DataTable.Col<DiscountRow> source="name" />
          <DataTable.Col<DiscountRow>
            source="is_percentage"
            render={(row) => translate(row.is_percentage ? 'discounts_page.percentage' : 'discounts_page.fixed_amount')}
          />
          <DataTable.Col<DiscountRow> source="value" align="right" disableSort render={discountValue} />
          <DataTable.Col<DiscountRow>
            label=""
            align="right"
            render={(row) =>
              row.expired ? (
                <Chip size="small" label={translate('discounts_page.expired')} />
              ) : (
                mayExpire(row) && (
                  <Button size="small" color="warning" onClick={(event) => { event.stopPropagation(); void expire(row); }}>
                    {translate('discounts_page.expire')}
                  </Button>
                )
              )
            }
          />
        </DataTable>
      </List>
      <ResourceContextProvider value="discount">
        <EntityDialog target={adding ? { mode: 'create' } : null} onClose={() => setAdding(false)} titles={{ create: 'discounts_page.add_title' }}>
          <DiscountInputs />
        </EntityDialog>
      </ResourceContextProvider>
    </>
  );
}

function Rules({ role }: { role: Role | undefined }) {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <List<RuleRow>
        {...listProps}
        resource="discount_rules"
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('discounts_page.search')} />]}
        sort={{ field: 'start_date', order: 'DESC' }}
        actions={<AddNew scoped onAdd={can(role, 'discount_rules', 'create') ? () => setAdding(true) : undefined} />}
      >
        <DataTable<RuleRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<RuleRow> source="discount_id" render={(row) => row.discount.name} />
          <DataTable.Col<RuleRow> source="facility_id" render={(row) => row.facility.name} />
          <DataTable.Col<RuleRow> source="product_type_id" render={(row) => row.product_type.name} />
          <DataTable.Col<RuleRow> source="start_date" render={(row) => dateTime(row.start_date)} />
          <DataTable.Col<RuleRow> source="end_date" render={(row) => dateTime(row.end_date)} />
          <DataTable.Col<RuleRow> source="comment" disableSort />
        </DataTable>
      </List>
      <ResourceContextProvider value="discount_rules">
        <EntityDialog target={adding ? { mode: 'create' } : null} onClose={() => setAdding(false)}>
          <RuleInputs />
        </EntityDialog>
      </ResourceContextProvider>
    </>
  );
}

export default function DiscountList() {
  const translate = useTranslate();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { permissions: role } = usePermissions<Role>();
  const view: View = new URLSearchParams(search).get('view') === 'rules' ? 'rules' : 'discounts';

  return (
    <Box>
      <Title title={translate('page.discounts')} />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={view}
        aria-label={translate('discounts_page.view')}
        onChange={(_, next: View | null) => next && navigate({ search: next === 'rules' ? '?view=rules' : '' })}
        sx={{ mt: 1 }}
      >
        {VIEWS.map((value) => (
          <ToggleButton key={value} value={value}>
            {translate(`discounts_page.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {view === 'discounts' ? <Discounts role={role} /> : <Rules role={role} />}
    </Box>
  );
}
