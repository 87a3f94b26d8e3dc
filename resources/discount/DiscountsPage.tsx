import { useState } from 'react';
import { Box, Button, Chip, ToggleButton, ToggleButtonGroup } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  BooleanInput, DataTable, List, Pagination, ResourceContextProvider, SearchInput, Title, TopToolbar, usePermissions, useRefresh,
  useTranslate, type RaRecord,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Role } from '../../core/constants';
import { formatUsd, toCents } from '../../core/money';
import { can } from '../../core/permissions';
import { useTouchlineDataProvider } from '../../dataProvider';
import { FacilityScope } from '../../src/components/FacilityScope';
import { useDialogs } from '../../src/layout/dialogs';
import { RecordDialog } from '../../src/components/settings/RecordDialog';
import { DiscountInputs, RuleInputs } from './DiscountInputs';
import './messages';

// /discount (spec 1 §2, §4): a toggle between Discounts and Rules (?view=rules), a filter box and
// Add new (admins only). Discounts: name, type, value and the expire action; expired discounts are
// hidden until 'Show expired?' is on, and have no further expire action. Rules: discount, facility,
// product type, start, end, comment.

export const VIEWS = ['discounts', 'rules'] as const;
type View = (typeof VIEWS)[number];

interface DiscountRow extends RaRecord {
  name: string;
  is_percentage: boolean;
  value: number;
  expired: boolean;
}

interface RuleRow extends RaRecord {
  discount: { name: string };
  facility: { name: string };
  product_type: { name: string };
  start_date: number;
  end_date: number;
  comment: string;
}

/** 15% or $10.00. */
export const discountValue = (row: Pick<DiscountRow, 'is_percentage' | 'value'>) =>
  row.is_percentage ? `${row.value}%` : formatUsd(toCents(row.value));

/** M/D/YYYY HH:mm in the browser's time zone, as the dates were entered. */
const dateTime = (seconds: number) => dayjs.unix(seconds).format('M/D/YYYY HH:mm');

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

function DiscountList({ role }: { role: Role | undefined }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { confirm, notifySuccess, run } = useDialogs();
  const [adding, setAdding] = useState(false);
  const canExpire = can(role, 'discounts', 'expire');
  const dataProvider = useTouchlineDataProvider();

  const expire = async (row: DiscountRow) => {
    const confirmed = await confirm({ title: 'discounts_page.expire_title', message: translate('discounts_page.expire_message', { name: row.name }) });
    if (!confirmed) return;
    if (!(await run(() => dataProvider.expireDiscount(row.ID)))) return;
    notifySuccess('discounts_page.expired_done');
    refresh();
  };

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
        <DataTable<DiscountRow> bulkActionButtons={false} rowClick={false}>
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
                canExpire && (
                  <Button size="small" color="warning" onClick={() => expire(row)}>
                    {translate('discounts_page.expire')}
                  </Button>
                )
              )
            }
          />
        </DataTable>
      </List>
      <ResourceContextProvider value="discount">
        <RecordDialog target={adding ? { mode: 'create' } : null} onClose={() => setAdding(false)}>
          <DiscountInputs />
        </RecordDialog>
      </ResourceContextProvider>
    </>
  );
}

function RuleList({ role }: { role: Role | undefined }) {
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
        <RecordDialog target={adding ? { mode: 'create' } : null} onClose={() => setAdding(false)}>
          <RuleInputs />
        </RecordDialog>
      </ResourceContextProvider>
    </>
  );
}

export default function DiscountsPage() {
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
      {view === 'discounts' ? <DiscountList role={role} /> : <RuleList role={role} />}
    </Box>
  );
}
