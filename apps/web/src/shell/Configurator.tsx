import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ACCENTS, type SidebarType } from '../lib/storage';
import { ACCENT_COLORS } from './theme';
import { useUiState } from './ui-state';

const SIDENAV_TYPES: { type: SidebarType; label: string; testId: string }[] = [
  { type: 'bg-white', label: 'White', testId: 'sidenav-white' },
  { type: 'bg-default', label: 'Dark', testId: 'sidenav-dark' },
];

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}

export function Configurator() {
  const ui = useUiState();
  const close = () => ui.setConfiguratorOpen(false);

  return (
    <Drawer
      anchor="right"
      open={ui.configuratorOpen}
      onClose={close}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 360 }, p: 3 }, 'aria-labelledby': 'configurator-title' },
      }}
      data-testid="configurator"
    >
      <Stack direction="row" alignItems="flex-start" justifyContent="space-between" sx={{ mb: 1 }}>
        <Box>
          <Typography id="configurator-title" variant="h6" component="h2">
            Configurator
          </Typography>
          <Typography variant="body2" color="text.secondary">
            See the portal's display options.
          </Typography>
        </Box>
        <IconButton onClick={close} aria-label="Close configurator" data-testid="configurator-close">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider sx={{ mb: 3 }} />

      <Section title="Sidebar Colors">
        <Stack direction="row" spacing={1} role="group" aria-label="Sidebar colour">
          {ACCENTS.map((name) => {
            const selected = ui.accent === name;
            return (
              <IconButton
                key={name}
                aria-label={name}
                aria-pressed={selected}
                data-testid={`accent-${name}`}
                onClick={() => ui.setAccent(name)}
                sx={{
                  width: 32,
                  height: 32,
                  bgcolor: ACCENT_COLORS[name],
                  color: '#ffffff',
                  border: '2px solid',
                  borderColor: selected ? 'text.primary' : 'transparent',
                  '&:hover': { bgcolor: ACCENT_COLORS[name], transform: 'scale(1.1)' },
                  '&.Mui-focusVisible': {
                    outline: '2px solid',
                    outlineColor: 'text.primary',
                    outlineOffset: 2,
                  },
                  transition: 'transform 150ms',
                }}
              >
                {selected && <CheckIcon sx={{ fontSize: 16 }} />}
              </IconButton>
            );
          })}
        </Stack>
      </Section>

      <Section title="Sidenav Type" hint="Choose between the white and the dark side navigation.">
        <Stack direction="row" spacing={1}>
          {SIDENAV_TYPES.map(({ type, label, testId }) => (
            <Button
              key={type}
              fullWidth
              variant={ui.sidebarType === type ? 'contained' : 'outlined'}
              aria-pressed={ui.sidebarType === type}
              data-testid={testId}
              onClick={() => ui.setSidebarType(type)}
            >
              {label}
            </Button>
          ))}
        </Stack>
      </Section>

      <Divider sx={{ mb: 2 }} />
      <Stack spacing={1}>
        <FormControlLabel
          labelPlacement="start"
          sx={{ justifyContent: 'space-between', ml: 0 }}
          label="Navbar Fixed"
          control={
            <Switch
              checked={ui.isNavFixed}
              onChange={(event) => ui.setNavFixed(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'navbar-fixed-toggle' } as object }}
            />
          }
        />
        <FormControlLabel
          labelPlacement="start"
          sx={{ justifyContent: 'space-between', ml: 0 }}
          label="Light / Dark"
          control={
            <Switch
              checked={ui.darkMode}
              onChange={(event) => ui.setDarkMode(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'dark-mode-toggle' } as object }}
            />
          }
        />
      </Stack>
    </Drawer>
  );
}
