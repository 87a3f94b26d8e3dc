import { Box, Button, LinearProgress, ToggleButton, ToggleButtonGroup } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { EditBase, ResourceContextProvider, SaveButton, SimpleForm, Title, Toolbar, useTranslate } from 'react-admin';
import { useDialogs } from '../../src/layout/dialogs';
import { ProductFormInputs } from './ProductFormInputs';
import { VariationsPanel } from './VariationsPanel';
import './messages';

const TABS = ['base', 'facility'] as const;
type Tab = (typeof TABS)[number];

/**
 * /newproduct/{id} (spec 3 §2.2): a back link to /newproduct and a toggle, chosen by ?tab=base|facility,
 * between the base product form in edit mode and the product's facility settings.
 */
export default function ProductPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { notifySuccess } = useDialogs();
  const requested = new URLSearchParams(useLocation().search).get('tab');
  const tab: Tab = TABS.find((t) => t === requested) ?? 'base';
  return (
    <ResourceContextProvider value="newproduct">
      <Title title="page.new_product" />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <Button component={Link} to="/newproduct" startIcon={<ArrowBackIcon />}>
          {translate('products_page.back')}
        </Button>
        <ToggleButtonGroup exclusive size="small" value={tab} onChange={(_, value: Tab | null) => value && navigate({ search: `?tab=${value}` })}>
          <ToggleButton value="base">{translate('products_page.base')}</ToggleButton>
          <ToggleButton value="facility">{translate('products_page.facility_settings')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {tab === 'base' ? (
        <EditBase
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{ onSuccess: () => notifySuccess('products_page.saved') }}
          loading={<LinearProgress />}
        >
          {/* Deleting is on the products table, with its confirmation. */}
          <SimpleForm noValidate toolbar={<Toolbar><SaveButton /></Toolbar>}>
            <ProductFormInputs />
          </SimpleForm>
        </EditBase>
      ) : (
        <VariationsPanel productId={Number(id)} />
      )}
    </ResourceContextProvider>
  );
}
