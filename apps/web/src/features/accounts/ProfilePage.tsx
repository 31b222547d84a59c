import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GENDER_LABELS, type ProfileUser } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/format';
import { ACCOUNT_STANDING_PATH, PLAYER_SECURITY_PATH } from '../../shell/links';
import { PAGES } from '../../shell/pages';
import { ShopLinks } from '../../shell/ShopLinks';
import { ORDER_HISTORY_PATH } from '../../shell/shop-links';
import { YourDataSection } from '../privacy';
import { LoadedProfile } from './LoadedProfile';
import { ProfileFields } from './ProfileFields';
import { RegisteredGames } from './RegisteredGames';

export function StatusBadge({ status }: { status: ProfileUser['account_status'] }) {
  return (
    <Chip
      label={status === 'active' ? 'Active' : 'Suspended'}
      color={status === 'active' ? 'success' : 'error'}
      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, fontWeight: 700 }}
    />
  );
}

const show = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** /profile: the read-only profile with every field of the spec and the Registered Games list. */
export default function ProfilePage() {
  return <LoadedProfile>{(user) => <ProfileCard user={user} />}</LoadedProfile>;
}

function ProfileCard({ user }: { user: ProfileUser }) {
  const address = user.addresses[0];
  const fields: [string, string][] = [
    ['Email', user.email],
    ['Member Since', formatDate(user.created_at)],
    ['UID', user.uuid],
    ['Gender', user.profile.gender ? GENDER_LABELS[user.profile.gender] : '—'],
    ['Mobile Number', show(user.phone_number)],
    ['Birthday', formatDate(user.profile.birthdate)],
    ['Age', show(user.profile.age)],
    ['Occupation', show(user.profile.occupation)],
    ['Address', show(address?.address1)],
    ['City', show(address?.city)],
    ['Province', show(address?.province)],
    ['Country', show(address?.country)],
    ['Time Zone', show(user.timeZone)],
    ['Internet Provider', show(user.isp)],
  ];

  return (
    <Card sx={{ maxWidth: 960, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }} aria-hidden="true">
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Typography>
            {user.nickname && (
              <Typography color="text.secondary">Caliber nickname: {user.nickname}</Typography>
            )}
          </Box>
          <StatusBadge status={user.account_status} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={PAGES.editProfile.path} variant="outlined">
              Edit Profile
            </Button>
            <Button component={RouterLink} to={PLAYER_SECURITY_PATH} variant="outlined">
              Security
            </Button>
            <Button component={RouterLink} to={ACCOUNT_STANDING_PATH} variant="outlined">
              Account standing
            </Button>
          </Stack>
        </Stack>
        {user.pending_email && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Your new email address {user.pending_email} is waiting for confirmation: open the link we sent to
            it.
          </Alert>
        )}
        <Divider sx={{ my: 3 }} />
        <ProfileFields fields={fields} />
        {user.my_referral_codes.length > 0 && (
          <>
            <Divider sx={{ my: 3 }} />
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Your Referral Codes
            </Typography>
            <Stack spacing={0.5}>
              {user.my_referral_codes.map((code) => (
                <Typography key={code.code} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <strong>{code.code}</strong> · {code.url}
                </Typography>
              ))}
            </Stack>
          </>
        )}
        <Divider sx={{ my: 3 }} />
        <RegisteredGames user={user} />
        <Divider sx={{ my: 3 }} />
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Webshops
        </Typography>
        <ShopLinks />
        <Button component={RouterLink} to={ORDER_HISTORY_PATH} sx={{ mt: 1.5 }}>
          My Orders
        </Button>
        <Divider sx={{ my: 3 }} />
        <YourDataSection />
      </CardContent>
    </Card>
  );
}
