import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  GENDER_LABELS,
  GENDERS,
  MESSAGES,
  PIN_MASK,
  type ProfileUser,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useSession } from '../../shell/session';
import { accountsApi, PROFILE_KEY } from './api';
import { LoadedProfile } from './LoadedProfile';
import { StatusBadge } from './ProfilePage';
import { digitsOnly, RegisteredGames } from './RegisteredGames';
import { DELAYS } from './text';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

interface FormValues {
  name: string;
  email: string;
  phone_number: string;
  birthdate: string;
  nickname: string;
  pin: string;
  address1: string;
  country: string;
  province: string;
  city: string;
  referral_code: string;
  gender: string;
  occupation: string;
}

function toForm(user: ProfileUser): FormValues {
  const a = user.addresses[0];
  return {
    name: user.name,
    email: user.pending_email ?? user.email,
    phone_number: user.phone_number ?? '',
    birthdate: user.profile.birthdate ?? '',
    nickname: user.nickname ?? '',
    pin: '',
    address1: a?.address1 ?? '',
    country: a?.country ?? '',
    province: a?.province ?? '',
    city: a?.city ?? '',
    referral_code: user.referral_code ?? '',
    gender: user.profile.gender ?? '',
    occupation: user.profile.occupation ?? '',
  };
}

/** /editProfile: the profile as a form with a view/edit toggle, saved with POST /profile/update. */
export default function EditProfilePage() {
  return <LoadedProfile>{(user) => <EditProfileForm user={user} />}</LoadedProfile>;
}

function EditProfileForm({ user }: { user: ProfileUser }) {
  const { updateUser, player } = useSession();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<FormValues>(() => toForm(user));
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const caliber = user.games.some((g) => g.name === 'caliber');
  const set =
    (field: keyof FormValues, transform?: (v: string) => string) => (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: transform ? transform(e.target.value) : e.target.value }));
  const err = (key: string) => fieldErrors[key]?.[0];

  const save = async () => {
    setPending(true);
    setFailure(null);
    setFieldErrors({});
    try {
      const reply = await accountsApi.updateProfile({
        ...user,
        name: values.name,
        email: values.email,
        phone_number: values.phone_number || null,
        nickname: caliber ? values.nickname : null,
        pin: caliber && values.pin ? values.pin : null,
        referral_code: values.referral_code || null,
        profile: {
          gender: values.gender || null,
          birthdate: values.birthdate || null,
          occupation: values.occupation || null,
        },
        addresses: [
          {
            address1: values.address1 || null,
            city: values.city || null,
            province: values.province || null,
            country: values.country || null,
          },
        ],
      });
      updateUser(reply.user);
      queryClient.setQueryData([...PROFILE_KEY, player.token], reply.user);
      setValues(toForm(reply.user));
      setEditing(false);
      setSaved(true);
      setNotice(reply.message !== ACCOUNT_MESSAGES.profileUpdated ? reply.message : null);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setSaved(false), DELAYS.profileBanner);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) {
        setFailure(`${ACCOUNT_MESSAGES.profileUpdateFailed}${error.body.message}`);
        setFieldErrors(error.body.errors ?? {});
      } else {
        setFailure(
          `${ACCOUNT_MESSAGES.profileUpdateError}${error instanceof Error ? error.message : String(error)}`,
        );
      }
    } finally {
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) setEditing(true);
    else void save();
  };

  const disabled = !editing || pending;
  const field = (
    key: keyof FormValues,
    label: string,
    extra: Record<string, unknown> = {},
    errorKey: string = key,
  ) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      onChange={set(key)}
      disabled={disabled}
      error={Boolean(err(errorKey))}
      helperText={err(errorKey)}
      fullWidth
      {...extra}
    />
  );

  return (
    <Card sx={{ maxWidth: 960, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Edit Profile">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            alignItems={{ sm: 'center' }}
            sx={{ mb: 2 }}
          >
            <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
              Edit Profile
            </Typography>
            <StatusBadge status={user.account_status} />
            {editing && (
              <Button
                onClick={() => {
                  setValues(toForm(user));
                  setEditing(false);
                  setFieldErrors({});
                }}
                disabled={pending}
              >
                Cancel
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={pending}>
              {editing ? (pending ? 'Saving…' : 'Save') : 'Edit Profile'}
            </Button>
          </Stack>
          {saved && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {ACCOUNT_MESSAGES.profileUpdated}
            </Alert>
          )}
          {notice && (
            <Alert severity="info" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, gap: 2 }}>
            {field('name', 'Full Name', { required: true, slotProps: { htmlInput: { maxLength: 255 } } })}
            {field('email', 'Email', {
              type: 'email',
              required: true,
              helperText:
                err('email') ??
                (user.pending_email
                  ? `Waiting for confirmation; your current email is ${user.email}.`
                  : undefined),
            })}
            {field('phone_number', 'Mobile Number', {
              onChange: set('phone_number', (v) => digitsOnly(v, 20)),
              slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 20 } },
            })}
            {field(
              'birthdate',
              'Birthday',
              {
                type: 'date',
                slotProps: {
                  inputLabel: { shrink: true },
                  htmlInput: { min: '1900-01-01', max: new Date().toISOString().slice(0, 10) },
                },
              },
              'profile.birthdate',
            )}
            {caliber && field('nickname', 'Nickname', { slotProps: { htmlInput: { maxLength: 30 } } })}
            {caliber &&
              field('pin', MESSAGES.pin, {
                onChange: set('pin', (v) => digitsOnly(v, 4)),
                placeholder: user.pin ? PIN_MASK : '',
                helperText: err('pin') ?? (user.pin ? ACCOUNT_MESSAGES.pinKeep : undefined),
                slotProps: {
                  htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'off' },
                  inputLabel: { shrink: true },
                },
              })}
            {field('address1', 'Address', {}, 'addresses.0.address1')}
            {field('country', 'Country', {}, 'addresses.0.country')}
            {field('province', 'Province', {}, 'addresses.0.province')}
            {field('city', 'City', {}, 'addresses.0.city')}
            {field('referral_code', 'Referral Code')}
            {field(
              'gender',
              'Gender',
              {
                select: true,
                slotProps: { select: { native: true }, inputLabel: { shrink: true } },
                children: [
                  <option key="" value="">
                    Not set
                  </option>,
                  ...GENDER_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  )),
                ],
              },
              'profile.gender',
            )}
            {field('occupation', 'Occupation', {}, 'profile.occupation')}
          </Box>
        </Box>
        <Divider sx={{ my: 3 }} />
        <RegisteredGames user={user} />
      </CardContent>
    </Card>
  );
}
