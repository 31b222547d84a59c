import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ADDED_TO_CART_TOAST_MS, SHOP_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { WhenAppReady } from '../../shell/app-ready';
import { PAGES } from '../../shell/pages';
import { TestPaymentsBanner } from '../payments';
import { itemCount, useGroups, useProducts, useShopCart } from './api';
import { money, PerOrderLimit, ProductArt, ProductCatalog } from './components';

export default function TalesRunnerShopPage() {
  const products = useProducts('talesrunner');
  const groups = useGroups('talesrunner');
  const shop = useShopCart('talesrunner');
  const [category, setCategory] = useState('all');
  const [toast, setToast] = useState<string | null>(null);

  return (
    <Box>
      <TestPaymentsBanner />
      <Box
        role="img"
        aria-label="Tales Runner banner"
        sx={{
          borderRadius: 3,
          p: { xs: 3, sm: 5 },
          mb: 3,
          color: '#fff',
          background: 'linear-gradient(120deg, #7b2ff7 0%, #f107a3 55%, #ffb800 100%)',
        }}
      >
        <Typography variant="overline" sx={{ opacity: 0.9 }}>
          Run into the story
        </Typography>
        {/* Inside the banner image, so not a heading: the page's h1 follows. */}
        <Typography variant="h4" component="p" fontWeight={800}>
          Tales Runner
        </Typography>
      </Box>
      {/* On a card, so the title and categories read clearly over the accent-coloured header band. */}
      <Paper sx={{ p: 2.5, mb: 3, borderRadius: 4 }}>
        <Stack
          direction="row"
          alignItems="center"
          justifyContent="space-between"
          sx={{ mb: 2, gap: 2, flexWrap: 'wrap' }}
        >
          <Typography variant="h5" component="h1">
            Tales Runner Webshop
          </Typography>
          <Button
            component={RouterLink}
            to={PAGES.talesRunnerCart.path}
            variant="contained"
            startIcon={<ShoppingCartIcon />}
          >
            Cart ({itemCount(shop.cart)})
          </Button>
        </Stack>

        <ToggleButtonGroup
          exclusive
          value={category}
          onChange={(_e, value: string | null) => value && setCategory(value)}
          aria-label="Categories"
          size="small"
          // Wraps on narrow screens (issue #18: a scrolling row hid categories at 390 px); each button keeps
          // its own border and corners, so a wrapped row still reads as separate buttons.
          sx={{
            mb: 2,
            flexWrap: 'wrap',
            gap: 1,
            '& .MuiToggleButton-root': {
              whiteSpace: 'nowrap',
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              m: 0,
            },
            '& .MuiToggleButtonGroup-grouped:not(:first-of-type)': {
              ml: 0,
              borderLeft: 1,
              borderColor: 'divider',
            },
          }}
        >
          <ToggleButton value="all">All</ToggleButton>
          {(groups.data ?? []).map((g) => (
            <ToggleButton key={g.external_id} value={g.external_id}>
              {g.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Paper>

      <ProductCatalog
        products={products}
        group={category}
        error={shop.error}
        onCloseError={shop.clearError}
        columns={{ xs: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' }}
        card={(product, inStock, eager) => (
          <Card
            key={product.sku}
            data-testid={`product-${product.sku}`}
            sx={{ display: 'flex', flexDirection: 'column' }}
          >
            <ProductArt product={product} inStock={inStock} eager={eager} />
            <CardContent sx={{ flex: 1 }}>
              <Typography fontWeight={700}>{product.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {product.description}
              </Typography>
              <Typography fontWeight={700} color="primary">
                {money(product.price.amount, product.price.currency)}
              </Typography>
              {inStock && <PerOrderLimit max={product.max_per_order} />}
            </CardContent>
            {/* Stacked on narrow cards so neither label is cut. */}
            <CardActions
              sx={{
                px: 2,
                pb: 2,
                gap: 1,
                flexWrap: 'wrap',
                '& > .MuiButton-root': { flex: '1 1 110px', m: 0, whiteSpace: 'nowrap' },
              }}
            >
              <WhenAppReady>
                {(ready) => (
                  <>
                    <Button
                      variant="contained"
                      size="small"
                      disabled={!ready || !inStock || shop.adding || shop.checkingOut}
                      // This product alone: the cart is neither bought with it nor changed (issue #27).
                      onClick={() => shop.buyNow(product)}
                    >
                      Buy Now
                    </Button>
                    <Button
                      variant="outlined"
                      size="small"
                      disabled={!ready || !inStock || !shop.canAdd}
                      onClick={async () => {
                        if (await shop.add(product)) setToast(product.name);
                      }}
                    >
                      Add to Cart
                    </Button>
                  </>
                )}
              </WhenAppReady>
            </CardActions>
          </Card>
        )}
      />
      <Snackbar
        open={toast !== null}
        autoHideDuration={ADDED_TO_CART_TOAST_MS}
        onClose={() => setToast(null)}
        message={toast ? `${toast} ${SHOP_MESSAGES.addedToCart}` : ''}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </Box>
  );
}
