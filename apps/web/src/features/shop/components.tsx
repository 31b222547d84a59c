import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatPrice, type Product, SHOP_MESSAGES } from '@portal/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { ACCOUNT_STANDING_PATH } from '../../shell/links';
import type { ShopFailure } from './api';

export function money(amount: string, currency = 'PHP'): string {
  return formatPrice(amount, currency);
}

/** "Max 10 per order": under a product's price, and on a cart line that has reached it (decision 0011). */
export function PerOrderLimit({ max }: { max: number | undefined }) {
  if (!max) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block' }}
      data-testid="per-order-limit"
    >
      {SHOP_MESSAGES.perOrderLimitHint(max)}
    </Typography>
  );
}

/** A product picture's address if it is one of this site's (CSP img-src 'self'), else none. */
const sameOrigin = (src: string) => (src.startsWith('/') && !src.startsWith('//') ? src : undefined);

/**
 * Product art: same-origin images only. Loaded when scrolled near, but an `eager` one (at the top of a shop,
 * where the largest paint is) at once and before the page's scripts.
 */
export function ProductImage({
  src,
  alt,
  size,
  eager = false,
}: {
  src: string;
  alt: string;
  size?: number;
  eager?: boolean;
}) {
  return (
    <Box
      component="img"
      src={sameOrigin(src)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      sx={{
        width: size ?? '100%',
        height: size ?? 'auto',
        aspectRatio: '1 / 1',
        objectFit: 'cover',
        display: 'block',
        borderRadius: size ? 1.5 : 0,
        bgcolor: 'action.hover',
        flexShrink: 0,
      }}
    />
  );
}

/** Product art with the out-of-stock veil over it when nothing is left. */
export function ProductArt({
  product,
  inStock,
  letterSpacing,
  eager,
}: {
  product: Product;
  inStock: boolean;
  letterSpacing?: number;
  eager: boolean;
}) {
  return (
    <Box sx={{ position: 'relative' }}>
      <ProductImage src={product.image_url} alt={product.name} eager={eager} />
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
            ...(letterSpacing === undefined ? {} : { letterSpacing }),
          }}
        >
          {SHOP_MESSAGES.outOfStock}
        </Box>
      )}
    </Box>
  );
}

/** Products whose art loads at once: the first row on a laptop, the first two rows on a phone. */
const EAGER_IMAGES = 4;

/** The pictures at the top of a shop showing every product, which its page preloads (src/prerender.tsx). */
export const topImages = (products: Product[]): string[] =>
  products.slice(0, EAGER_IMAGES).flatMap((product) => sameOrigin(product.image_url) ?? []);

/**
 * A shop's catalogue: the cart error (closable), then the products of `group` ('all' = every one) in a
 * grid of `columns`, or the loading, failed or empty state. `card` draws one product; `eager` says whether
 * its art is at the top of the page.
 */
export function ProductCatalog({
  products,
  group,
  error,
  onCloseError,
  columns,
  card,
}: {
  products: { isPending: boolean; isError: boolean; data?: Product[] };
  group: string;
  error: ShopFailure | null;
  onCloseError: () => void;
  columns: Record<string, string>;
  card: (product: Product, inStock: boolean, eager: boolean) => ReactNode;
}) {
  const visible = (products.data ?? []).filter(
    (p) => group === 'all' || p.groups.some((g) => g.external_id === group),
  );
  return (
    <>
      <ShopError error={error} onClose={onCloseError} />

      {products.isPending ? (
        <CenteredSpinner size="section" label="Loading products" />
      ) : products.isError ? (
        <Alert severity="error">The products could not be loaded. Please try again.</Alert>
      ) : visible.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {SHOP_MESSAGES.emptyShop}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>
          {visible.map((product, index) => card(product, product.available > 0, index < EAGER_IMAGES))}
        </Box>
      )}
    </>
  );
}

/**
 * The last cart action's error, closable. It sits above the products, so a refusal of a click far down the
 * page (a per-order limit) is brought into view.
 */
function ShopError({ error, onClose }: { error: ShopFailure | null; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [error]);
  return error ? (
    <Alert ref={ref} severity="error" onClose={onClose} sx={{ mb: 2 }}>
      {error.text}
      {/* A purchase restriction (403 ACCOUNT_SANCTIONED): the standing page says why and takes the appeal. */}
      {error.sanctioned && (
        <>
          {' '}
          <Link component={RouterLink} to={ACCOUNT_STANDING_PATH} color="inherit" sx={{ fontWeight: 700 }}>
            See your account standing
          </Link>
        </>
      )}
    </Alert>
  ) : null;
}

interface CartState {
  error: ShopFailure | null;
  clearError: () => void;
  isLoading: boolean;
  loadError: string | null;
  checkingOut: boolean;
  checkout: () => unknown;
}

/** A cart page's body: the action error, then loading, the load error, or `loaded()` once the cart is in. */
export function CartStatus({ shop, loaded }: { shop: CartState; loaded: () => ReactNode }) {
  return (
    <>
      <ShopError error={shop.error} onClose={shop.clearError} />
      {shop.isLoading ? (
        <CenteredSpinner size="section" label="Loading cart" />
      ) : shop.loadError ? (
        <Alert severity="error">{shop.loadError}</Alert>
      ) : (
        loaded()
      )}
    </>
  );
}

export function CheckoutButton({ shop, disabled = false }: { shop: CartState; disabled?: boolean }) {
  return (
    <Button
      variant="contained"
      size="large"
      disabled={disabled || shop.checkingOut}
      onClick={shop.checkout}
      startIcon={shop.checkingOut ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      Checkout
    </Button>
  );
}

/** − quantity + for a cart line, within 1..max (remove takes a line out). */
export function QuantityStepper({
  name,
  quantity,
  max,
  disabled,
  onChange,
}: {
  name: string;
  quantity: number;
  max: number;
  disabled: boolean;
  onChange: (quantity: number) => unknown;
}) {
  return (
    <Box
      role="group"
      aria-label={`Quantity of ${name}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <IconButton
        size="small"
        aria-label={`One less ${name}`}
        disabled={disabled || quantity <= 1}
        onClick={() => onChange(quantity - 1)}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography component="span" data-testid="cart-quantity" sx={{ minWidth: 24, textAlign: 'center' }}>
        {quantity}
      </Typography>
      <IconButton
        size="small"
        aria-label={`One more ${name}`}
        disabled={disabled || quantity >= max}
        onClick={() => onChange(quantity + 1)}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
