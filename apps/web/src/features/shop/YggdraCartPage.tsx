import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SHOP_MESSAGES } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { PAGES } from '../../shell/pages';
import { TestPaymentsBanner } from '../payments';
import { lineTotal, useShopCart } from './api';
import { CartStatus, CheckoutButton, money, PerOrderLimit, ProductImage } from './components';

export default function YggdraCartPage() {
  const shop = useShopCart('yggdra');
  const items = shop.cart?.items ?? [];

  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Link
          component={RouterLink}
          to={PAGES.webshop.path}
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
        >
          <ArrowBackIcon fontSize="small" /> Back to Shop
        </Link>
        <Typography variant="h5" component="h1" gutterBottom>
          Cart
        </Typography>
        <TestPaymentsBanner />
        <CartStatus
          shop={shop}
          loaded={() =>
            items.length === 0 ? (
              <Typography color="text.secondary" sx={{ py: 4 }}>
                {SHOP_MESSAGES.emptyCart}
              </Typography>
            ) : (
              <>
                <Stack divider={<Divider />} spacing={1.5}>
                  {items.map((item) => (
                    <Stack
                      key={item.sku}
                      direction="row"
                      spacing={2}
                      alignItems="center"
                      data-testid={`cart-item-${item.sku}`}
                    >
                      <ProductImage src={item.image_url} alt={item.name} size={56} />
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                          {item.name}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {item.quantity} × {money(item.price.amount, item.price.currency)}
                        </Typography>
                        {item.quantity >= item.max_per_order && <PerOrderLimit max={item.max_per_order} />}
                      </Box>
                      <Typography fontWeight={600} sx={{ whiteSpace: 'nowrap' }}>
                        {money(lineTotal(item), item.price.currency)}
                      </Typography>
                      <IconButton aria-label={`Remove ${item.name}`} onClick={() => shop.remove(item.sku)}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Stack>
                  ))}
                </Stack>
                <Divider sx={{ my: 2 }} />
                <Stack
                  direction="row"
                  justifyContent="space-between"
                  alignItems="center"
                  sx={{ gap: 2, flexWrap: 'wrap' }}
                >
                  <Typography variant="h6" data-testid="cart-total">
                    Total: {money(shop.cart!.price.amount, shop.cart!.price.currency)}
                  </Typography>
                  <CheckoutButton shop={shop} />
                </Stack>
              </>
            )
          }
        />
      </CardContent>
    </Card>
  );
}
