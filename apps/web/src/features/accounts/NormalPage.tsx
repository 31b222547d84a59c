import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../lib/format';
import { ProfileFields } from './ProfileFields';

/** The spec's static sample profile: hard-coded placeholder data of a suspended account. */
const SAMPLE = {
  name: 'Juan Dela Cruz',
  email: 'juan.delacruz@example.com',
  memberSince: '2023-03-14',
  uid: '7f3c2a91-5b4e-4d8a-9c61-2e0f4b7a1d35',
  gender: 'male',
  mobile: '09171234567',
  birthday: '1995-08-21',
  age: 30,
  occupation: 'Software Engineer',
  address: '123 Rizal Street',
  city: 'Quezon City',
  province: 'Metro Manila',
  country: 'Philippines',
  timeZone: 'Asia/Manila',
  isp: 'PLDT',
};

const FIELDS: [label: string, value: string][] = [
  ['Email', SAMPLE.email],
  ['Member Since', formatDate(SAMPLE.memberSince)],
  ['UID', SAMPLE.uid],
  ['Gender', SAMPLE.gender],
  ['Mobile Number', SAMPLE.mobile],
  ['Birthday', formatDate(SAMPLE.birthday)],
  ['Age', String(SAMPLE.age)],
  ['Occupation', SAMPLE.occupation],
  ['Address', SAMPLE.address],
  ['City', SAMPLE.city],
  ['Province', SAMPLE.province],
  ['Country', SAMPLE.country],
  ['Time Zone', SAMPLE.timeZone],
  ['Internet Provider', SAMPLE.isp],
];

export default function NormalPage() {
  return (
    <Card sx={{ maxWidth: 960, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }} aria-hidden="true">
            {SAMPLE.name.charAt(0)}
          </Avatar>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h5" component="h1">
              {SAMPLE.name}
            </Typography>
            <Typography color="text.secondary">Sample profile</Typography>
          </Box>
          <Chip
            label="Suspended"
            color="error"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, fontWeight: 700 }}
          />
        </Stack>
        <Divider sx={{ my: 3 }} />
        <ProfileFields fields={FIELDS} />
      </CardContent>
    </Card>
  );
}
