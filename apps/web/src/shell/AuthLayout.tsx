import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ACCENT_GRADIENTS } from './theme';
import { useHideChrome, useUiState } from './ui-state';

/**
 * The Argon sign-in layout: the form on the left, a gradient panel in the accent colour on the right (wide
 * screens only). Hides the portal chrome while shown, as the spec asks of every login-style screen.
 */
export function AuthLayout({
  children,
  aside,
}: {
  children: ReactNode;
  aside: { title: string; text: string };
}) {
  useHideChrome();
  const { accent } = useUiState();

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.paper' }}>
      <Box
        sx={{
          flex: { xs: 1, lg: '0 0 42%' },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2.5, sm: 4 },
          py: { xs: 4, sm: 6 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 440 }}>{children}</Box>
      </Box>
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'none', lg: 'flex' },
          flex: 1,
          m: 2,
          borderRadius: 4,
          overflow: 'hidden',
          position: 'relative',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: 'center',
          textAlign: 'center',
          px: 8,
          color: '#ffffff',
          backgroundImage: `radial-gradient(circle at 20% 20%, rgba(255,255,255,0.18) 0, transparent 40%), radial-gradient(circle at 85% 80%, rgba(255,255,255,0.12) 0, transparent 35%), ${ACCENT_GRADIENTS[accent]}`,
        }}
      >
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, mb: 2 }}>
          {aside.title}
        </Typography>
        <Typography sx={{ maxWidth: 460, opacity: 0.9 }}>{aside.text}</Typography>
      </Box>
    </Box>
  );
}
