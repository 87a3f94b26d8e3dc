import { Box, Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Identifier } from 'react-admin';
import { useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { showPath } from '../../src/kit/entity/paths';
import './messages';

export const PRODUCT_TABS = ['base', 'facility'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** The address of a product's page on one of its tabs (spec 3 §2.2: ?tab=base|facility). */
export const productTabPath = (id: Identifier, tab: ProductTab) => `${showPath('newproduct', id)}?tab=${tab}`;

/**
 * The head of a product's page and of its edit view (spec 3 §2.2): a back link to /newproduct and the
 * toggle between the base product and its facility settings.
 */
export function ProductHeader({ id, tab }: { id: Identifier; tab: ProductTab }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', my: 2 }}>
      <Button component={Link} to="/newproduct" startIcon={<ArrowBackIcon />}>
        {translate('products_page.back')}
      </Button>
      <ToggleButtonGroup exclusive size="small" value={tab} onChange={(_, value: ProductTab | null) => value && navigate(productTabPath(id, value))}>
        <ToggleButton value="base">{translate('products_page.base')}</ToggleButton>
        <ToggleButton value="facility">{translate('products_page.facility_settings')}</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
