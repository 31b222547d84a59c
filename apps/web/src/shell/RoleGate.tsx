import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StaffCapability } from '@portal/contract';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useLocation, useMatches } from 'react-router';
import { PAGES } from './pages';
import { useStaffAccess } from './staff-access';

/** Where an admin lands after signing in; a role without the dashboards lands on the players' table. */
const ADMIN_HOME = PAGES.dashboard.path;
const ALL_USERS = PAGES.allUsers.path;

function needOf(handle: unknown): StaffCapability | undefined {
  return handle && typeof handle === 'object' && 'need' in handle
    ? (handle.need as StaffCapability | undefined)
    : undefined;
}

/**
 * A back-office page whose capability (its declaration's `need`, the route's handle) the staff member's role
 * lacks shows one clear page instead of the page's own failures (the server refuses its calls anyway). Until
 * the role is known the page shows.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const staff = useStaffAccess();
  const need = [...matches]
    .reverse()
    .map((match) => needOf(match.handle))
    .find(Boolean);
  if (staff.may(need)) return children;
  // The landing page after sign-in: the role's own start instead of a refusal (every role reads players).
  if (pathname === ADMIN_HOME && staff.may('players.read')) return <Navigate to={ALL_USERS} replace />;
  return (
    <RoleRefused role={staff.role} home={staff.may('players.read') ? ALL_USERS : PAGES.adminSecurity.path} />
  );
}

function RoleRefused({ role, home }: { role: string | undefined; home: string }) {
  return (
    <Stack sx={{ minHeight: '50vh', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 560 }} data-testid="role-refused">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Your role can't open this
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {role ? `Your role (${role}) doesn't include this page.` : "Your role doesn't include this page."}{' '}
            If you need it for your work, ask an owner to change your role.
          </Typography>
          <Button variant="contained" component={RouterLink} to={home}>
            Go to a page you can open
          </Button>
        </CardContent>
      </Card>
    </Stack>
  );
}
