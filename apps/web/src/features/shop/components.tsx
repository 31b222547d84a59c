import Box from '@mui/material/Box';
import { formatMoney } from '@portal/contract';

export function money(amount: string, currency = 'PHP'): string {
  return `${currency} ${formatMoney(amount)}`;
}

/** Product art: same-origin images only (CSP img-src 'self'). */
export function ProductImage({ src, alt, size }: { src: string; alt: string; size?: number }) {
  const safe = src.startsWith('/') && !src.startsWith('//') ? src : '';
  return (
    <Box
      component="img"
      src={safe || undefined}
      alt={alt}
      loading="lazy"
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
