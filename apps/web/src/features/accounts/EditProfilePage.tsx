import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  GENDER_LABELS,
  GENDERS,
  MESSAGES,
  MOBILE_MAX,
  NAME_MAX,
  NICKNAME_MAX,
  PIN_LENGTH,
  PIN_MASK,
  type ProfileUpdateRequest,
  type ProfileUser,
  profileUpdateRequestSchema,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, NO_REPLY } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { digitsOnly } from '../../lib/format';
import { ConfirmCodeField } from '../../shell/ConfirmCodeField';
import { FormTextField, NATIVE_SELECT } from '../../shell/FormTextField';
import { PasswordField } from '../../shell/PasswordField';
import { useSession } from '../../shell/session';
import { useMfaStatus } from '../mfa';
import { PROFILE_KEY, useUpdateProfile } from './api';
import { DELAYS } from './delays';
import { LoadedProfile } from './LoadedProfile';
import { StatusBadge } from './ProfilePage';
import { RegisteredGames } from './RegisteredGames';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** The profile as the form edits it: the shape of POST /profile/update, so a 422's keys name the fields. */
function toForm(user: ProfileUser) {
  const address = user.addresses[0];
  return {
    name: user.name,
    email: user.pending_email ?? user.email,
    phone_number: user.phone_number ?? '',
    nickname: user.nickname ?? '',
    pin: '',
    referral_code: user.referral_code ?? '',
    current_password: '',
    code: '',
    profile: {
      gender: user.profile.gender ?? '',
      birthdate: user.profile.birthdate ?? '',
      occupation: user.profile.occupation ?? '',
    },
    addresses: [
      {
        address1: address?.address1 ?? '',
        city: address?.city ?? '',
        province: address?.province ?? '',
        country: address?.country ?? '',
      },
    ],
  } satisfies ProfileUpdateRequest;
}

/** Spec section 8: the server's message after 'Failed to update profile: ', or the error after 'Error updating profile: '. */
function failureText(error: Error): string {
  return error instanceof ApiError && error.code !== NO_REPLY
    ? `${ACCOUNT_MESSAGES.profileUpdateFailed}${error.body.message}`
    : `${ACCOUNT_MESSAGES.profileUpdateError}${error.message}`;
}

/** /editProfile: the profile as a form with a view/edit toggle, saved with POST /profile/update. */
export default function EditProfilePage() {
  return <LoadedProfile>{(user) => <EditProfileForm user={user} />}</LoadedProfile>;
}

function EditProfileForm({ user }: { user: ProfileUser }) {
  const { updateUser, player } = useSession();
  const queryClient = useQueryClient();
  const updateProfile = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(profileUpdateRequestSchema), defaultValues: toForm(user) });
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const caliber = user.games.some((g) => g.name === 'caliber');
  // A new email address needs the current password (the server says so on the field when it is missing).
  const emailChanging = form.watch('email').trim().toLowerCase() !== user.email.toLowerCase();
  // With two-step verification on, a code too (or a recovery code); also when the server asks for one.
  const mfa = useMfaStatus('player', player.token);
  const askCode = emailChanging && (mfa.data?.totp_enabled === true || Boolean(form.formState.errors.code));

  const save = form.handleSubmit((values) =>
    updateProfile.mutate(
      {
        ...values,
        nickname: caliber ? values.nickname : null,
        pin: caliber ? values.pin : null,
        current_password: emailChanging ? values.current_password : null,
        code: askCode ? values.code : null,
      },
      {
        onSuccess: (reply) => {
          updateUser(reply.user);
          queryClient.setQueryData([...PROFILE_KEY, player.token], reply.user);
          form.reset(toForm(reply.user));
          setEditing(false);
          setSaved(true);
          setNotice(reply.message !== ACCOUNT_MESSAGES.profileUpdated ? reply.message : null);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setSaved(false), DELAYS.profileBanner);
        },
        onError: (error) => showFieldErrors(error, form),
      },
    ),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (editing) return save(event);
    event.preventDefault();
    setEditing(true);
  };

  const pending = updateProfile.isPending;
  const disabled = !editing || pending;
  const field = { control: form.control, disabled, fullWidth: true };

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
                  form.reset(toForm(user));
                  setEditing(false);
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
          {updateProfile.error && (
            <Alert severity="error" sx={{ mb: 2 }} onClose={() => updateProfile.reset()}>
              {failureText(updateProfile.error)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, gap: 2 }}>
            <FormTextField
              {...field}
              name="name"
              label="Full Name"
              required
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            />
            <FormTextField
              {...field}
              name="email"
              label="Email"
              type="email"
              required
              hint={
                user.pending_email
                  ? `Waiting for confirmation; your current email is ${user.email}.`
                  : undefined
              }
            />
            {editing && emailChanging && (
              <FormTextField
                {...field}
                name="current_password"
                label="Current password"
                component={PasswordField}
                hint={ACCOUNT_MESSAGES.currentPasswordRequired}
                slotProps={{ htmlInput: { autoComplete: 'current-password', maxLength: 1024 } }}
              />
            )}
            {editing && askCode && (
              <ConfirmCodeField
                control={form.control}
                name="code"
                disabled={disabled}
                onSwitch={() => form.setValue('code', '')}
              />
            )}
            <FormTextField
              {...field}
              name="phone_number"
              label="Mobile Number"
              transform={(text) => digitsOnly(text, MOBILE_MAX)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: MOBILE_MAX } }}
            />
            <FormTextField
              {...field}
              name="profile.birthdate"
              inputName="birthdate"
              label="Birthday"
              type="date"
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: '1900-01-01', max: new Date().toISOString().slice(0, 10) },
              }}
            />
            {caliber && (
              <FormTextField
                {...field}
                name="nickname"
                label="Nickname"
                slotProps={{ htmlInput: { maxLength: NICKNAME_MAX } }}
              />
            )}
            {caliber && (
              <FormTextField
                {...field}
                name="pin"
                label={MESSAGES.pin}
                transform={(text) => digitsOnly(text, PIN_LENGTH)}
                placeholder={user.pin ? PIN_MASK : ''}
                hint={user.pin ? ACCOUNT_MESSAGES.pinKeep : undefined}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: PIN_LENGTH, autoComplete: 'off' },
                  inputLabel: { shrink: true },
                }}
              />
            )}
            <FormTextField {...field} name="addresses.0.address1" inputName="address1" label="Address" />
            <FormTextField {...field} name="addresses.0.country" inputName="country" label="Country" />
            <FormTextField {...field} name="addresses.0.province" inputName="province" label="Province" />
            <FormTextField {...field} name="addresses.0.city" inputName="city" label="City" />
            <FormTextField {...field} name="referral_code" label="Referral Code" />
            <FormTextField
              {...field}
              name="profile.gender"
              inputName="gender"
              label="Gender"
              select
              slotProps={NATIVE_SELECT}
            >
              <option value="">Not set</option>
              {GENDER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </FormTextField>
            <FormTextField {...field} name="profile.occupation" inputName="occupation" label="Occupation" />
          </Box>
        </Box>
        <Divider sx={{ my: 3 }} />
        <RegisteredGames user={user} />
      </CardContent>
    </Card>
  );
}
