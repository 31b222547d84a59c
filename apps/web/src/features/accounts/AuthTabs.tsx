import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { gamePageHref, type RouteGame } from '@portal/contract/constants';
import { Link as RouterLink } from 'react-router';

const TABS = [
  { page: 'login', label: 'Login' },
  { page: 'register', label: 'CREATE AN ACCOUNT' },
] as const;

const CURRENT = {
  bgcolor: 'background.paper',
  color: 'text.primary',
  boxShadow: 1,
  '&:hover': { bgcolor: 'background.paper' },
};

/**
 * The Login / Create an account switch above both forms, keeping the game (`/login/caliber`). Labels stay
 * on one line, smaller on phones. Keep it to @portal/contract/constants (the login page's budget).
 */
export function AuthTabs({ current, game }: { current: 'login' | 'register'; game: RouteGame | null }) {
  return (
    <Box
      component="nav"
      aria-label="Login or register"
      sx={{
        display: 'flex',
        p: 0.5,
        mb: 3,
        borderRadius: 2,
        bgcolor: 'action.hover',
        '& a': { whiteSpace: 'nowrap', fontSize: { xs: '0.8125rem', sm: '0.875rem' } },
      }}
    >
      {TABS.map(({ page, label }) => (
        <Button
          key={page}
          component={RouterLink}
          to={gamePageHref(page, game)}
          aria-current={page === current ? 'page' : undefined}
          fullWidth
          sx={page === current ? CURRENT : { color: 'text.secondary' }}
        >
          {label}
        </Button>
      ))}
    </Box>
  );
}
