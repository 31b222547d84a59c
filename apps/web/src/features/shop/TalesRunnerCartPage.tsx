import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SHOP_MESSAGES } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { HiddenHeaderCell } from '../../shell/HiddenHeaderCell';
import { FOOTER_LINKS } from '../../shell/links';
import { PAGES } from '../../shell/pages';
import { visuallyHidden } from '../../shell/visuallyHidden';
import { TestPaymentsBanner } from '../payments';
import { lineTotal, useProducts, useShopCart } from './api';
import {
  CartStatus,
  CheckoutButton,
  money,
  PerOrderLimit,
  ProductImage,
  QuantityStepper,
} from './components';

export default function TalesRunnerCartPage() {
  // On a phone each line is a card (issue #27): a four-column table does not fit 390 px.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const shop = useShopCart('talesrunner');
  const products = useProducts('talesrunner');
  // Units still in stock per sku: + stops there (the server's cart PUT checks it again).
  const stock = new Map((products.data ?? []).map((p) => [p.sku, p.available]));
  const items = shop.cart?.items ?? [];
  const terms = FOOTER_LINKS.find((l) => /terms/i.test(l.label));
  const privacy = FOOTER_LINKS.find((l) => /privacy/i.test(l.label));

  return (
    <Card sx={{ maxWidth: 960 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          justifyContent="space-between"
          alignItems="center"
          sx={{ mb: 2, gap: 2, flexWrap: 'wrap' }}
        >
          <Typography variant="h5" component="h1">
            Tales Runner Cart
          </Typography>
          <Link component={RouterLink} to={PAGES.talesRunnerWebshop.path} underline="hover">
            Continue shopping
          </Link>
        </Stack>
        <TestPaymentsBanner />
        <CartStatus
          shop={shop}
          loaded={() => (
            <>
              {phone ? (
                <CartLineCards shop={shop} stock={stock} />
              ) : (
                <TableContainer>
                  <Table size="small" aria-label="Cart">
                    <TableHead>
                      <TableRow>
                        <TableCell>Product</TableCell>
                        <TableCell align="right">Quantity</TableCell>
                        <TableCell align="right">Total Price</TableCell>
                        <HiddenHeaderCell align="right">Remove</HiddenHeaderCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {items.length === 0 ? (
                        <TableRow>
                          <TableCell colSpan={4}>
                            <Typography color="text.secondary" sx={{ py: 2 }}>
                              {SHOP_MESSAGES.emptyCart}
                            </Typography>
                          </TableCell>
                        </TableRow>
                      ) : (
                        items.map((item) => (
                          <TableRow key={item.sku} data-testid={`cart-item-${item.sku}`}>
                            <TableCell>
                              <Stack direction="row" spacing={1.5} alignItems="center">
                                <ProductImage src={item.image_url} alt={item.name} size={44} />
                                <Box>
                                  <Typography fontWeight={600}>{item.name}</Typography>
                                  <Typography variant="body2" color="text.secondary">
                                    {money(item.price.amount, item.price.currency)}
                                  </Typography>
                                </Box>
                              </Stack>
                            </TableCell>
                            <TableCell align="right">
                              <QuantityStepper
                                name={item.name}
                                quantity={item.quantity}
                                max={Math.min(item.max_per_order, stock.get(item.sku) ?? item.max_per_order)}
                                disabled={shop.adding || shop.checkingOut}
                                onChange={(quantity) => shop.setQuantity(item.sku, quantity)}
                              />
                              {item.quantity >= item.max_per_order && (
                                <PerOrderLimit max={item.max_per_order} />
                              )}
                            </TableCell>
                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {money(lineTotal(item), item.price.currency)}
                            </TableCell>
                            <TableCell align="right">
                              <IconButton
                                aria-label={`Remove ${item.name}`}
                                onClick={() => shop.remove(item.sku)}
                              >
                                <DeleteOutlineIcon />
                              </IconButton>
                            </TableCell>
                          </TableRow>
                        ))
                      )}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
              <Stack
                direction="row"
                justifyContent="space-between"
                alignItems="center"
                sx={{ mt: 3, gap: 2, flexWrap: 'wrap' }}
              >
                <Typography variant="h6" component="p" data-testid="order-total">
                  Order Total: {money(shop.cart?.price.amount ?? '0.00', shop.cart?.price.currency)}
                </Typography>
                <CheckoutButton shop={shop} disabled={items.length === 0} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                By clicking Checkout you agree to our{' '}
                <Link href={terms?.href} target="_blank" rel="noopener noreferrer">
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link href={privacy?.href} target="_blank" rel="noopener noreferrer">
                  Privacy Policy
                </Link>
                . Payments are processed by our payment provider.
              </Typography>
            </>
          )}
        />
      </CardContent>
    </Card>
  );
}

type TalesRunnerCart = ReturnType<typeof useShopCart>;

/**
 * The cart on a phone: one card per line (image, name and unit price, the quantity stepper, the line total
 * and Remove within reach), or the empty message.
 */
function CartLineCards({ shop, stock }: { shop: TalesRunnerCart; stock: Map<string, number> }) {
  const items = shop.cart?.items ?? [];
  if (items.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {SHOP_MESSAGES.emptyCart}
      </Typography>
    );
  return (
    <Stack component="ul" aria-label="Cart" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.sku}
          data-testid={`cart-item-${item.sku}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
        >
          <Stack direction="row" spacing={1.5} alignItems="flex-start">
            <ProductImage src={item.image_url} alt={item.name} size={48} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {money(item.price.amount, item.price.currency)}
              </Typography>
            </Box>
            <IconButton
              aria-label={`Remove ${item.name}`}
              onClick={() => shop.remove(item.sku)}
              sx={{ mt: -0.5, mr: -0.5 }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
          <Stack
            direction="row"
            justifyContent="space-between"
            alignItems="center"
            sx={{ mt: 1, gap: 1, flexWrap: 'wrap' }}
          >
            <Box>
              <QuantityStepper
                name={item.name}
                quantity={item.quantity}
                max={Math.min(item.max_per_order, stock.get(item.sku) ?? item.max_per_order)}
                disabled={shop.adding || shop.checkingOut}
                onChange={(quantity) => shop.setQuantity(item.sku, quantity)}
              />
              {item.quantity >= item.max_per_order && <PerOrderLimit max={item.max_per_order} />}
            </Box>
            <Typography fontWeight={600} sx={{ whiteSpace: 'nowrap' }}>
              <Box component="span" sx={visuallyHidden}>
                Total Price:{' '}
              </Box>
              {money(lineTotal(item), item.price.currency)}
            </Typography>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
