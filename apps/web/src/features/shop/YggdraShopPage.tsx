import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SHOP_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { WhenAppReady } from '../../shell/app-ready';
import { PAGES } from '../../shell/pages';
import { TestPaymentsBanner } from '../payments';
import { itemCount, useGroups, useProducts, useShopCart } from './api';
import { money, PerOrderLimit, ProductArt, ProductCatalog } from './components';

export default function YggdraShopPage() {
  const products = useProducts('yggdra');
  const groups = useGroups('yggdra');
  const cart = useShopCart('yggdra');
  const [tab, setTab] = useState('all');
  const [added, setAdded] = useState<string | null>(null);
  const count = itemCount(cart.cart);

  return (
    <Box>
      <TestPaymentsBanner />
      {/* On a card, so the title and tabs read clearly over the accent-coloured header band. */}
      <Paper sx={{ px: 3, pt: 2.5, pb: 1, mb: 3, borderRadius: 4 }}>
        <Stack
          direction="row"
          alignItems="center"
          justifyContent="space-between"
          sx={{ mb: 1, gap: 2, flexWrap: 'wrap' }}
        >
          <Typography variant="h5" component="h1">
            Yggdra Webshop
          </Typography>
          <Button
            component={RouterLink}
            to={PAGES.webshopCart.path}
            variant="contained"
            aria-label={`Cart, ${count} items`}
            startIcon={<ShoppingCartIcon />}
          >
            Cart
            {/* After the word, so the name "Cart, N items" holds the visible text in its order (WCAG 2.5.3). */}
            {count > 0 && (
              <Box
                component="span"
                data-testid="cart-badge"
                sx={{
                  ml: 1,
                  minWidth: 20,
                  height: 20,
                  px: 0.75,
                  borderRadius: 10,
                  display: 'inline-grid',
                  placeItems: 'center',
                  fontSize: 12,
                  bgcolor: 'error.main',
                  color: 'error.contrastText',
                }}
              >
                {count}
              </Box>
            )}
          </Button>
        </Stack>

        <Tabs
          value={tab}
          onChange={(_e, value: string) => setTab(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Product groups"
        >
          <Tab value="all" label="All" />
          {(groups.data ?? []).map((g) => (
            <Tab key={g.external_id} value={g.external_id} label={g.name} />
          ))}
        </Tabs>
      </Paper>

      <ProductCatalog
        products={products}
        group={tab}
        error={cart.error}
        onCloseError={cart.clearError}
        columns={{ xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' }}
        card={(product, inStock, eager) => {
          const body = (
            <>
              <ProductArt product={product} inStock={inStock} letterSpacing={1} eager={eager} />
              <CardContent sx={{ p: 1.5 }}>
                <Typography
                  id={`product-name-${product.sku}`}
                  fontWeight={600}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {product.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {money(product.price.amount, product.price.currency)}
                </Typography>
                {inStock && <PerOrderLimit max={product.max_per_order} />}
              </CardContent>
            </>
          );
          const add = async () => {
            if (await cart.add(product)) setAdded(product.name);
          };
          return (
            <Card
              key={product.sku}
              data-testid={`product-${product.sku}`}
              sx={{ opacity: inStock ? 1 : 0.85, display: 'flex', flexDirection: 'column' }}
            >
              {/* The spec's clickable card, for the mouse. Keyboards and screen readers get one control per
                  product, the visible Add to Cart button, named by its text (a card button named "Add … to
                  cart" over the product's text failed WCAG 2.5.3, label in name). */}
              <Box
                onClick={inStock && cart.canAdd ? add : undefined}
                aria-disabled={inStock ? undefined : 'true'}
                sx={{
                  flex: 1,
                  ...(inStock && { cursor: 'pointer', '&:hover': { bgcolor: 'action.hover' } }),
                }}
              >
                {body}
              </Box>
              <CardActions sx={{ px: 1.5, pb: 1.5, pt: 0 }}>
                <WhenAppReady>
                  {(ready) => (
                    <Button
                      variant="outlined"
                      size="small"
                      fullWidth
                      disabled={!ready || !inStock || !cart.canAdd}
                      onClick={add}
                      aria-describedby={`product-name-${product.sku}`}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      Add to Cart
                    </Button>
                  )}
                </WhenAppReady>
              </CardActions>
            </Card>
          );
        }}
      />
      <Snackbar
        open={added !== null}
        autoHideDuration={1500}
        onClose={() => setAdded(null)}
        message={added ? `${added} ${SHOP_MESSAGES.addedToCart}` : ''}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </Box>
  );
}
