import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SHOP_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { itemCount, useGroups, useProducts, useShopCart } from './api';
import { money, ProductImage } from './components';

export default function YggdraShopPage() {
  const products = useProducts('yggdra');
  const groups = useGroups('yggdra');
  const cart = useShopCart('yggdra');
  const [tab, setTab] = useState('all');
  const [added, setAdded] = useState<string | null>(null);

  const visible = (products.data ?? []).filter(
    (p) => tab === 'all' || p.groups.some((g) => g.external_id === tab),
  );

  return (
    <Box>
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        sx={{ mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1">
          Yggdra Webshop
        </Typography>
        <Button
          component={RouterLink}
          to="/webshop/cart"
          variant="contained"
          aria-label={`Cart, ${itemCount(cart.cart)} items`}
          startIcon={
            <Badge
              badgeContent={itemCount(cart.cart)}
              color="error"
              data-testid="cart-badge"
              showZero={false}
            >
              <ShoppingCartIcon />
            </Badge>
          }
        >
          Cart
        </Button>
      </Stack>

      <Tabs
        value={tab}
        onChange={(_e, value: string) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Product groups"
        sx={{ mb: 2 }}
      >
        <Tab value="all" label="All" />
        {(groups.data ?? []).map((g) => (
          <Tab key={g.external_id} value={g.external_id} label={g.name} />
        ))}
      </Tabs>

      {cart.error && (
        <Alert severity="error" onClose={cart.clearError} sx={{ mb: 2 }}>
          {cart.error}
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
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {visible.map((product) => {
            const inStock = product.available > 0;
            const body = (
              <>
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
                        letterSpacing: 1,
                      }}
                    >
                      {SHOP_MESSAGES.outOfStock}
                    </Box>
                  )}
                </Box>
                <CardContent sx={{ p: 1.5 }}>
                  <Typography fontWeight={600} noWrap title={product.name}>
                    {product.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {money(product.price.amount, product.price.currency)}
                  </Typography>
                </CardContent>
              </>
            );
            return (
              <Card
                key={product.sku}
                data-testid={`product-${product.sku}`}
                sx={{ opacity: inStock ? 1 : 0.85 }}
              >
                {inStock ? (
                  <CardActionArea
                    aria-label={`Add ${product.name} to cart`}
                    disabled={cart.adding}
                    onClick={async () => {
                      if (await cart.add(product)) setAdded(product.name);
                    }}
                  >
                    {body}
                  </CardActionArea>
                ) : (
                  <Box aria-disabled="true">{body}</Box>
                )}
              </Card>
            );
          })}
        </Box>
      )}
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
