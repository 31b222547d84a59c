import StorefrontIcon from '@mui/icons-material/Storefront';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { SHOP_LINKS } from './shop-links';

/** A button to each webshop, side by side where they fit, stacked on a phone. */
export function ShopLinks() {
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {SHOP_LINKS.map((shop) => (
        <Button
          key={shop.to}
          component={RouterLink}
          to={shop.to}
          variant="outlined"
          startIcon={<StorefrontIcon aria-hidden="true" />}
        >
          {shop.label}
        </Button>
      ))}
    </Stack>
  );
}
