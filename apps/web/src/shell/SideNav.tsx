import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppsIcon from '@mui/icons-material/Apps';
import BadgeIcon from '@mui/icons-material/Badge';
import BarChartIcon from '@mui/icons-material/BarChart';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeveloperModeIcon from '@mui/icons-material/DeveloperMode';
import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import FlagIcon from '@mui/icons-material/Flag';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HowToRegIcon from '@mui/icons-material/HowToReg';
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
import type { StaffCapability } from '@portal/contract';
import { gamePageHref, isRouteGame, type RouteGame } from '@portal/contract/constants';
import type { ReactElement, ReactNode } from 'react';
import { NavLink, Link as RouterLink, useLocation, useMatches } from 'react-router';
import { GAME_SITE_URL, SUPPORT_URL } from './links';
import { type NavPageKey, type NavSectionTitle, PAGES, type PageDeclaration, pagesInSection } from './pages';
import { useSession } from './session';
import { useStaffAccess } from './staff-access';
import { ACCENT_COLORS, ACCESSIBLE_ACCENTS, SIDENAV_RAIL_WIDTH, SIDENAV_WIDTH, sidenavColors } from './theme';
import { BELOW_DESKTOP, useUiState } from './ui-state';
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

/** Each listed page's icon and its Argon colour (the pages and their labels are in pages.ts). */
const LOOKS: Record<NavPageKey, { icon: ReactNode; color: string }> = {
  login: { icon: <LoginIcon />, color: ACCENT_COLORS.primary },
  register: { icon: <PersonAddIcon />, color: ACCENT_COLORS.success },
  adminLogin: { icon: <AdminPanelSettingsIcon />, color: ACCENT_COLORS.dark },
  profile: { icon: <PersonIcon />, color: ACCENT_COLORS.primary },
  editProfile: { icon: <EditIcon />, color: ACCENT_COLORS.info },
  playerSecurity: { icon: <SecurityIcon />, color: ACCENT_COLORS.dark },
  webshop: { icon: <StorefrontIcon />, color: ACCENT_COLORS.success },
  talesRunnerWebshop: { icon: <StorefrontIcon />, color: ACCENT_COLORS.warning },
  orders: { icon: <ReceiptLongIcon />, color: ACCENT_COLORS.info },
  salesDashboard: { icon: <PointOfSaleIcon />, color: ACCENT_COLORS.success },
  logout: { icon: <LogoutIcon />, color: ACCENT_COLORS.danger },
  dashboard: { icon: <DashboardIcon />, color: ACCENT_COLORS.primary },
  caliberDashboard: { icon: <BarChartIcon />, color: ACCENT_COLORS.warning },
  yggdraDashboard: { icon: <ShowChartIcon />, color: ACCENT_COLORS.info },
  yggdraUsers: { icon: <PeopleIcon />, color: ACCENT_COLORS.success },
  caliberUsers: { icon: <GroupIcon />, color: ACCENT_COLORS.danger },
  referralCodes: { icon: <LoyaltyIcon />, color: ACCENT_COLORS.primary },
  allUsers: { icon: <GroupsIcon />, color: ACCENT_COLORS.info },
  reports: { icon: <FlagIcon />, color: ACCENT_COLORS.danger },
  appeals: { icon: <HowToRegIcon />, color: ACCENT_COLORS.warning },
  sanctions: { icon: <GavelIcon />, color: ACCENT_COLORS.dark },
  developers: { icon: <DeveloperModeIcon />, color: ACCENT_COLORS.success },
  sendEmailBlast: { icon: <EmailIcon />, color: ACCENT_COLORS.warning },
  sales: { icon: <PointOfSaleIcon />, color: ACCENT_COLORS.success },
  games: { icon: <VideogameAssetIcon />, color: ACCENT_COLORS.warning },
  apps: { icon: <AppsIcon />, color: ACCENT_COLORS.info },
  staff: { icon: <BadgeIcon />, color: ACCENT_COLORS.primary },
  audit: { icon: <HistoryIcon />, color: ACCENT_COLORS.dark },
  adminSecurity: { icon: <SecurityIcon />, color: ACCENT_COLORS.dark },
  adminLogout: { icon: <LogoutIcon />, color: ACCENT_COLORS.danger },
};

/** A page's entry: its label, path and staff need as pages.ts declares them. */
function pageItem(key: NavPageKey): NavItem {
  const page: PageDeclaration = PAGES[key];
  return { label: page.nav?.label ?? page.title, to: page.path, need: page.need, ...LOOKS[key] };
}

function section(title: NavSectionTitle): NavSection {
  return { title, items: pagesInSection(title).map(pageItem) };
}

function useRouteGame(): RouteGame | null {
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

  if (admin.adminAuthenticated) sections.push(section('Administration'));

  if (player.isAuthenticated) {
    sections.push(section('Account'), section('Shop'));
  } else if (!admin.adminAuthenticated) {
    // Visitors: the sign-in pages keep the route's game; the admin login shows only while it is open.
    const items: NavItem[] = [
      { ...pageItem('login'), to: gamePageHref('login', game) },
      { ...pageItem('register'), to: gamePageHref('register', game) },
    ];
    if (pathname === PAGES.adminLogin.path) items.push(pageItem('adminLogin'));
    sections.push({ title: 'Account', items });
  }

  const more: NavItem[] = [];
  if (player.role === 'admin') {
    const { to, ...salesDashboard } = pageItem('salesDashboard');
    more.push({ ...salesDashboard, href: to });
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

/**
 * The side navigation: a panel at desktop widths (minimised to its icons by the top bar's toggle), a drawer
 * below them that closes after each choice. Which one shows is CSS (decision 0061): the same markup on every
 * device, so a page rendered ahead of the visitor hydrates on phones and laptops alike.
 */
export function SideNav() {
  const { miniSidenav, navDrawerOpen, setNavDrawerOpen, sidebarType } = useUiState();
  const colors = sidenavColors(sidebarType);
  const paperSx = (rail: boolean) => ({
    width: rail ? SIDENAV_RAIL_WIDTH : SIDENAV_WIDTH,
    overflowX: 'hidden',
    m: 2,
    height: 'calc(100% - 32px)',
    borderRadius: 2,
    border: 0,
    bgcolor: colors.background,
    color: colors.text,
    boxShadow: '0 20px 27px 0 rgba(0,0,0,0.05)',
  });

  return (
    <>
      <Drawer
        variant="permanent"
        sx={{ [BELOW_DESKTOP]: { display: 'none' } }}
        slotProps={{ paper: { sx: paperSx(miniSidenav) } }}
        data-testid="sidenav"
      >
        <SideNavContent onChoose={() => undefined} rail={miniSidenav} />
      </Drawer>
      {/* A modal dialog, which needs a name; mounted while open only, so nothing of it is in the first render. */}
      <Drawer
        variant="temporary"
        open={navDrawerOpen}
        onClose={() => setNavDrawerOpen(false)}
        slotProps={{ paper: { sx: paperSx(false), 'aria-label': 'Navigation' } }}
        data-testid="sidenav-drawer"
      >
        <SideNavContent onChoose={() => setNavDrawerOpen(false)} rail={false} />
      </Drawer>
    </>
  );
}
