import { Suspense } from 'react';
import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { ProductTable } from '../../../../resources/newproduct';
import { GlTable } from '../../../../resources/gls';
import '../../../../resources/newproduct/messages';

const TABS = ['products', 'gls'] as const;
type Tab = (typeof TABS)[number];

/** /products (spec 3 §2.1): a toggle between the products and the GLs, chosen by ?tab=. */
export default function ProductsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const requested = new URLSearchParams(useLocation().search).get('tab');
  const tab: Tab = TABS.find((t) => t === requested) ?? 'products';
  return (
    <Box>
      <Title title="page.products" />
      <ToggleButtonGroup exclusive size="small" value={tab} onChange={(_, value: Tab | null) => value && navigate({ search: `?tab=${value}` })}>
        <ToggleButton value="products">{translate('products_page.tab_products')}</ToggleButton>
        <ToggleButton value="gls">{translate('products_page.tab_gls')}</ToggleButton>
      </ToggleButtonGroup>
      <Suspense fallback={null}>{tab === 'products' ? <ProductTable /> : <GlTable />}</Suspense>
    </Box>
  );
}
