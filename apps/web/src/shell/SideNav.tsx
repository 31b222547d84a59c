import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppsIcon from '@mui/icons-material/Apps';
import BadgeIcon from '@mui/icons-material/Badge';
import BarChartIcon from '@mui/icons-material/BarChart';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeveloperModeIcon from '@mui/icons-material/DeveloperMode';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VideogameAssetIcon from '@mui/icons-material/VideogameAsset';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { StaffCapability } from '@portal/contract';
import { isRouteGame } from '@portal/contract/constants';
import type { ReactElement, ReactNode } from 'react';
import { NavLink, Link as RouterLink, useLocation, useMatches } from 'react-router';
import { ADMIN_SECURITY_PATH, GAME_SITE_URL, PLAYER_SECURITY_PATH, SUPPORT_URL } from './links';
import { useSession } from './session';
import { ORDER_HISTORY_PATH, SHOP_LINKS } from './shop-links';
import { useStaffAccess } from './staff-access';
import { ACCENT_COLORS, ACCESSIBLE_ACCENTS, SIDENAV_RAIL_WIDTH, SIDENAV_WIDTH, sidenavColors } from './theme';
import { DESKTOP_MIN_WIDTH, useUiState } from './ui-state';
import { visuallyHidden } from './visuallyHidden';

interface NavItem {
  label: string;
  icon: ReactNode;
  /** Argon colours each item's icon. */
  color: string;
  to?: string;
  /** External or new-tab links. */
  href?: string;
  /** What a staff member's role needs to open it (lib/staff-access.ts on the server). */
  need?: StaffCapability;
}

interface NavSection {
  title: string;
  items: NavItem[];
}

const ADMIN_LOGIN_PATH = '/mlg/admin/login';

function useRouteGame(): string | null {
  const matches = useMatches();
  const game = matches[matches.length - 1]?.params.game;
  return isRouteGame(game) ? game : null;
}

function useSections(): NavSection[] {
  const { player, admin } = useSession();
  const { pathname } = useLocation();
  const game = useRouteGame();
  const staff = useStaffAccess();
  const sections: NavSection[] = [];

  if (admin.adminAuthenticated) {
    sections.push({
      title: 'Administration',
      items: [
        {
          label: 'Overall Dashboard',
          to: '/mlg/admin/dashboard',
          need: 'analytics.read',
          icon: <DashboardIcon />,
          color: ACCENT_COLORS.primary,
        },
        {
          label: 'Caliber Dashboard',
          to: '/mlg/admin/caliberDashboard',
          need: 'analytics.read',
          icon: <BarChartIcon />,
          color: ACCENT_COLORS.warning,
        },
        {
          label: 'Yggdra Dashboard',
          to: '/mlg/admin/yggdraDashboard',
          need: 'analytics.read',
          icon: <ShowChartIcon />,
          color: ACCENT_COLORS.info,
        },
        {
          label: 'Yggdra Users',
          to: '/mlg/admin/yggdraUsers',
          need: 'players.read',
          icon: <PeopleIcon />,
          color: ACCENT_COLORS.success,
        },
        {
          label: 'Caliber Users',
          to: '/mlg/admin/caliberUsers',
          need: 'players.read',
          icon: <GroupIcon />,
          color: ACCENT_COLORS.danger,
        },
        {
          label: 'Caliber Referral Code',
          to: '/mlg/admin/referralCodes',
          need: 'players.read',
          icon: <LoyaltyIcon />,
          color: ACCENT_COLORS.primary,
        },
        {
          label: 'All Users',
          to: '/mlg/admin/allUsers',
          need: 'players.read',
          icon: <GroupsIcon />,
          color: ACCENT_COLORS.info,
        },
        {
          label: 'Caliber Developers',
          to: '/mlg/admin/developers',
          need: 'developers.manage',
          icon: <DeveloperModeIcon />,
          color: ACCENT_COLORS.success,
        },
        {
          label: 'Send Test Email',
          to: '/mlg/admin/send-email-blast',
          need: 'email.send',
          icon: <EmailIcon />,
          color: ACCENT_COLORS.warning,
        },
        {
          label: 'Sales Orders',
          to: '/mlg/admin/sales',
          need: 'sales.read',
          icon: <PointOfSaleIcon />,
          color: ACCENT_COLORS.success,
        },
        {
          label: 'Games',
          to: '/mlg/admin/games',
          need: 'games.manage',
          icon: <VideogameAssetIcon />,
          color: ACCENT_COLORS.warning,
        },
        {
          label: 'Apps',
          to: '/mlg/admin/apps',
          need: 'apps.manage',
          icon: <AppsIcon />,
          color: ACCENT_COLORS.info,
        },
        {
          label: 'Staff',
          to: '/mlg/admin/staff',
          need: 'staff.manage',
          icon: <BadgeIcon />,
          color: ACCENT_COLORS.primary,
        },
        {
          label: 'Audit Trail',
          to: '/mlg/admin/audit',
          need: 'audit.read',
          icon: <HistoryIcon />,
          color: ACCENT_COLORS.dark,
        },
        { label: 'Security', to: ADMIN_SECURITY_PATH, icon: <SecurityIcon />, color: ACCENT_COLORS.dark },
        { label: 'LOGOUT ADMIN', to: '/admin-logout', icon: <LogoutIcon />, color: ACCENT_COLORS.danger },
      ],
    });
  }

  if (player.isAuthenticated) {
    sections.push({
      title: 'Account',
      items: [
        { label: 'PROFILE', to: '/profile', icon: <PersonIcon />, color: ACCENT_COLORS.primary },
        { label: 'EDIT PROFILE', to: '/editProfile', icon: <EditIcon />, color: ACCENT_COLORS.info },
        { label: 'SECURITY', to: PLAYER_SECURITY_PATH, icon: <SecurityIcon />, color: ACCENT_COLORS.dark },
        { label: 'LOGOUT', to: '/logout', icon: <LogoutIcon />, color: ACCENT_COLORS.danger },
      ],
    });
    // Added to the spec's list (decision 0024): players could not find the shops or their orders.
    sections.push({
      title: 'Shop',
      items: [
        ...SHOP_LINKS.map((shop, i) => ({
          label: shop.label.toUpperCase(),
          to: shop.to,
          icon: <StorefrontIcon />,
          color: i === 0 ? ACCENT_COLORS.success : ACCENT_COLORS.warning,
        })),
        { label: 'MY ORDERS', to: ORDER_HISTORY_PATH, icon: <ReceiptLongIcon />, color: ACCENT_COLORS.info },
      ],
    });
  } else if (!admin.adminAuthenticated) {
    const suffix = game ? `/${game}` : '';
    const items: NavItem[] = [
      { label: 'LOGIN', to: `/login${suffix}`, icon: <LoginIcon />, color: ACCENT_COLORS.primary },
      { label: 'REGISTER', to: `/register${suffix}`, icon: <PersonAddIcon />, color: ACCENT_COLORS.success },
    ];
    if (pathname === ADMIN_LOGIN_PATH) {
      items.push({
        label: 'ADMIN LOGIN',
        to: ADMIN_LOGIN_PATH,
        icon: <AdminPanelSettingsIcon />,
        color: ACCENT_COLORS.dark,
      });
    }
    sections.push({ title: 'Account', items });
  }

  const more: NavItem[] = [];
  if (player.role === 'admin') {
    more.push({
      label: 'SALES DASHBOARD',
      href: '/salesdashboard',
      icon: <PointOfSaleIcon />,
      color: ACCENT_COLORS.success,
    });
  }
  if (!admin.adminAuthenticated) {
    more.push(
      { label: 'Game Site', href: GAME_SITE_URL, icon: <SportsEsportsIcon />, color: ACCENT_COLORS.warning },
      { label: 'Customer Support', href: SUPPORT_URL, icon: <SupportAgentIcon />, color: ACCENT_COLORS.info },
    );
  }
  if (more.length > 0) sections.push({ title: 'More', items: more });

  return sections.map((section) => ({
    ...section,
    items: section.items.filter((item) => staff.may(item.need)),
  }));
}

/**
 * One entry. On the rail (the desktop's minimised navigation) only its icon shows; its label stays its
 * accessible name and shows beside it on hover and keyboard focus.
 */
function NavEntry({ item, onChoose, rail }: { item: NavItem; onChoose: () => void; rail: boolean }) {
  const { sidebarType, accent } = useUiState();
  const colors = sidenavColors(sidebarType);
  const accentColor = ACCENT_COLORS[accent];
  // The current page's entry is filled with the accent's AA shade, under which its white label reads at 4.5:1.
  const activeFill = ACCESSIBLE_ACCENTS.light[accent];

  const iconBox = (
    <Box
      aria-hidden="true"
      className="nav-icon"
      sx={{
        width: 32,
        height: 32,
        mr: rail ? 0 : 1.5,
        flexShrink: 0,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        color: item.color,
        '& svg': { fontSize: 18 },
      }}
    >
      {item.icon}
    </Box>
  );

  const sx = {
    mx: rail ? 1 : 1.5,
    my: 0.25,
    px: rail ? 1 : 1.5,
    justifyContent: rail ? 'center' : undefined,
    py: 0.75,
    borderRadius: 2,
    color: colors.text,
    '&:hover': { bgcolor: alpha(colors.dark ? '#ffffff' : '#344767', 0.06) },
    '&.Mui-focusVisible, &:focus-visible': {
      outline: `2px solid ${colors.dark ? '#ffffff' : accentColor}`,
      outlineOffset: 2,
    },
    '&.active': {
      bgcolor: activeFill,
      color: '#ffffff',
      boxShadow: '0 4px 6px rgba(50,50,93,0.1), 0 1px 3px rgba(0,0,0,0.08)',
      '& .nav-icon': { color: '#ffffff' },
      '&:hover': { bgcolor: activeFill },
    },
  } as const;

  const text = (
    <ListItemText
      primary={item.label}
      sx={rail ? visuallyHidden : undefined}
      slotProps={{ primary: { sx: { fontSize: '0.875rem', fontWeight: 600, color: 'inherit' } } }}
    />
  );
  // The label beside the icon on the rail; `describeChild` keeps the entry's name its own text.
  const withTip = (button: ReactElement) =>
    rail ? (
      <Tooltip title={item.label} placement="right" describeChild>
        {button}
      </Tooltip>
    ) : (
      button
    );

  if (item.href) {
    return (
      <ListItem disablePadding>
        {withTip(
          <ListItemButton
            component="a"
            href={item.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onChoose}
            sx={sx}
          >
            {iconBox}
            {text}
            {!rail && <OpenInNewIcon aria-hidden="true" sx={{ fontSize: 14, opacity: 0.6, ml: 1 }} />}
            <Box component="span" sx={visuallyHidden}>
              (opens in a new tab)
            </Box>
          </ListItemButton>,
        )}
      </ListItem>
    );
  }

  return (
    <ListItem disablePadding>
      {withTip(
        <ListItemButton component={NavLink} to={item.to ?? '/'} end onClick={onChoose} sx={sx}>
          {iconBox}
          {text}
        </ListItemButton>,
      )}
    </ListItem>
  );
}

function SideNavContent({ onChoose, rail }: { onChoose: () => void; rail: boolean }) {
  const sections = useSections();
  const { sidebarType } = useUiState();
  const colors = sidenavColors(sidebarType);

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ py: 1 }}>
      <Box
        component={RouterLink}
        to="/"
        onClick={onChoose}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: rail ? 0 : 3,
          py: 2.5,
          justifyContent: rail ? 'center' : undefined,
          color: colors.text,
          textDecoration: 'none',
          borderRadius: 2,
          '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: -4 },
        }}
      >
        <SportsEsportsIcon aria-hidden="true" sx={{ color: ACCENT_COLORS.primary }} />
        <Typography component="span" sx={rail ? visuallyHidden : { fontWeight: 700, fontSize: '0.95rem' }}>
          Games Portal
        </Typography>
      </Box>
      <Divider
        sx={{
          mx: 2,
          mb: 1,
          border: 0,
          height: '1px',
          backgroundImage: `linear-gradient(to right, transparent, ${colors.dark ? 'rgba(255,255,255,0.4)' : 'rgba(0,0,0,0.25)'}, transparent)`,
        }}
      />
      {sections.map((section) => (
        <Box key={section.title} sx={{ mb: 1 }}>
          <Typography
            variant="overline"
            component="h2"
            sx={
              rail
                ? visuallyHidden
                : { display: 'block', px: 3, pt: 1.5, fontSize: '0.7rem', color: colors.muted }
            }
          >
            {section.title}
          </Typography>
          <List dense disablePadding>
            {section.items.map((item) => (
              <NavEntry key={item.label} item={item} onChoose={onChoose} rail={rail} />
            ))}
          </List>
        </Box>
      ))}
    </Box>
  );
}

export function SideNav() {
  const { miniSidenav, setMiniSidenav, sidebarType } = useUiState();
  const desktop = useMediaQuery(`(min-width:${DESKTOP_MIN_WIDTH}px)`, { noSsr: true });
  const colors = sidenavColors(sidebarType);
  // Minimised on a desktop: the icons only (the top bar's toggle); below, the drawer closes instead.
  const rail = desktop && miniSidenav;

  const onChoose = () => {
    if (window.innerWidth < DESKTOP_MIN_WIDTH) setMiniSidenav(true);
  };

  const paperSx = {
    width: rail ? SIDENAV_RAIL_WIDTH : SIDENAV_WIDTH,
    overflowX: 'hidden',
    m: 2,
    height: 'calc(100% - 32px)',
    borderRadius: 2,
    border: 0,
    bgcolor: colors.background,
    color: colors.text,
    boxShadow: '0 20px 27px 0 rgba(0,0,0,0.05)',
  };

  return (
    <Drawer
      variant={desktop ? 'permanent' : 'temporary'}
      open={desktop || !miniSidenav}
      onClose={() => setMiniSidenav(true)}
      ModalProps={{ keepMounted: true }}
      // Below desktop the drawer is a modal dialog, which needs a name; a plain panel may not carry one.
      slotProps={{ paper: { sx: paperSx, ...(!desktop && { 'aria-label': 'Navigation' }) } }}
      data-testid="sidenav"
    >
      <SideNavContent onChoose={onChoose} rail={rail} />
    </Drawer>
  );
}
