import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { scopeWords } from './scopes';

/** Which app asks and what it may read, in plain words; the publisher's own apps are marked. */
export function AppRequest({
  client,
  scopes,
}: {
  client: { name: string; first_party: boolean };
  scopes: string[];
}) {
  return (
    <Stack spacing={1} component="section" aria-label="App request">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {client.name}
        </Typography>
        <Chip
          size="small"
          color={client.first_party ? 'success' : 'default'}
          label={client.first_party ? 'By the publisher' : 'Third-party app'}
        />
      </Stack>
      <Typography color="text.secondary">
        {client.first_party
          ? 'An app by the publisher of your games wants to sign you in. It will be able to:'
          : 'This app is not made by the publisher of your games. It asks to:'}
      </Typography>
      <List dense disablePadding>
        {scopes.map((scope) => (
          <ListItem key={scope} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckIcon fontSize="small" color="success" />
            </ListItemIcon>
            <ListItemText primary={scopeWords(scope)} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
