import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ADDED_TO_CART_TOAST_MS, SHOP_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { itemCount, useGroups, useProducts, useShopCart } from './api';
import { money, ProductImage } from './components';

export default function TalesRunnerShopPage() {
  const products = useProducts('talesrunner');
  const groups = useGroups('talesrunner');
  const shop = useShopCart('talesrunner');
  const [category, setCategory] = useState('all');
  const [toast, setToast] = useState<string | null>(null);

  const visible = (products.data ?? []).filter(
    (p) => category === 'all' || p.groups.some((g) => g.external_id === category),
  );

  return (
    <Box>
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
        <Typography variant="h4" fontWeight={800}>
          Tales Runner
        </Typography>
      </Box>
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        sx={{ mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1">
          Tales Runner Webshop
        </Typography>
        <Button component={RouterLink} to="/TRCart" variant="contained" startIcon={<ShoppingCartIcon />}>
          Cart ({itemCount(shop.cart)})
        </Button>
      </Stack>

      <ToggleButtonGroup
        exclusive
        value={category}
        onChange={(_e, value: string | null) => value && setCategory(value)}
        aria-label="Categories"
        size="small"
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">All</ToggleButton>
        {(groups.data ?? []).map((g) => (
          <ToggleButton key={g.external_id} value={g.external_id}>
            {g.name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {shop.error && (
        <Alert severity="error" onClose={shop.clearError} sx={{ mb: 2 }}>
          {shop.error}
        </Alert>
      )}

      {products.isPending ? (
        <Box
          role="status"
          aria-label="Loading products"
          sx={{ display: 'grid', placeItems: 'center', py: 8 }}
        >
          <CircularProgress />
        </Box>
      ) : products.isError ? (
        <Alert severity="error">The products could not be loaded. Please try again.</Alert>
      ) : visible.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {SHOP_MESSAGES.emptyShop}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, 1fr)',
              md: 'repeat(3, 1fr)',
              lg: 'repeat(4, 1fr)',
            },
          }}
        >
          {visible.map((product) => {
            const inStock = product.available > 0;
            return (
              <Card
                key={product.sku}
                data-testid={`product-${product.sku}`}
                sx={{ display: 'flex', flexDirection: 'column' }}
              >
                <Box sx={{ position: 'relative' }}>
                  <ProductImage src={product.image_url} alt={product.name} />
                  {!inStock && (
                    <Box
                      sx={{
                        position: 'absolute',
                        inset: 0,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'rgba(0,0,0,0.55)',
                        color: '#fff',
                        fontWeight: 700,
                      }}
                    >
                      {SHOP_MESSAGES.outOfStock}
                    </Box>
                  )}
                </Box>
                <CardContent sx={{ flex: 1 }}>
                  <Typography fontWeight={700}>{product.name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {product.description}
                  </Typography>
                  <Typography fontWeight={700} color="primary">
                    {money(product.price.amount, product.price.currency)}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
                  <Button
                    variant="contained"
                    size="small"
                    disabled={!inStock || shop.adding || shop.checkingOut}
                    onClick={async () => {
                      if (await shop.add(product)) await shop.checkout();
                    }}
                  >
                    Buy Now
                  </Button>
                  <Button
                    variant="outlined"
                    size="small"
                    disabled={!inStock || shop.adding}
                    onClick={async () => {
                      if (await shop.add(product)) setToast(product.name);
                    }}
                  >
                    Add to Cart
                  </Button>
                </CardActions>
              </Card>
            );
          })}
        </Box>
      )}
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
