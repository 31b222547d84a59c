import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { endpointUrl } from '@portal/contract';
import { SOCIAL_START_PATH } from '@portal/contract/constants';

const PROVIDERS = [
  {
    href: endpointUrl({ path: SOCIAL_START_PATH }, { provider: 'google' }),
    label: 'Continue with Google',
    icon: <GoogleIcon />,
  },
  {
    href: endpointUrl({ path: SOCIAL_START_PATH }, { provider: 'facebook' }),
    label: 'Continue with Facebook',
    icon: <FacebookIcon />,
  },
];

/** The social sign-in buttons under a divider saying `divider`. Shared by /login and /register. */
export function SocialButtons({ divider }: { divider: string }) {
  return (
    <>
      <Divider sx={{ my: 3, color: 'text.secondary', fontSize: '0.875rem' }}>{divider}</Divider>
      <Stack spacing={1.5}>
        {PROVIDERS.map((p) => (
          <Button
            key={p.href}
            href={p.href}
            variant="outlined"
            color="inherit"
            size="large"
            startIcon={p.icon}
          >
            {p.label}
          </Button>
        ))}
      </Stack>
    </>
  );
}
