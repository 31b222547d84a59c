import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminUsersEndpoints, GAME_LABELS, type PlayerSearchHit } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { generatePath, useNavigate } from 'react-router';
import { call } from '../lib/api';
import { PAGES } from './pages';

/** How long typing pauses before the search is sent. */
const TYPING_PAUSE_MS = 250;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The term once typing pauses, trimmed. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Support's one search box in the back-office top bar (decision 0046): players of every game by email,
 * nickname, player id or txnid; a result opens the player detail. "/" anywhere focuses it.
 */
export function PlayerSearch() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const term = useSettled(text);
  const search = useQuery({
    queryKey: ['player-search', term],
    queryFn: ({ signal }) => call(adminUsersEndpoints.searchPlayers, { query: { q: term } }, { signal }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  useEffect(() => {
    const focus = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', focus);
    return () => document.removeEventListener('keydown', focus);
  }, []);

  const waiting = term !== text.trim() || search.isFetching;
  const noOptionsText = search.isError
    ? search.error.message
    : term.length === 0
      ? 'Type an email, nickname, player id or txnid.'
      : 'No player found.';

  return (
    <Autocomplete<PlayerSearchHit>
      id="player-search"
      sx={{ flex: '1 1 auto', maxWidth: 420, minWidth: 0 }}
      size="small"
      options={term.length > 0 && !search.isError ? (search.data?.players ?? []) : []}
      filterOptions={(options) => options}
      getOptionLabel={(player) => player.email}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, player) => {
        if (!player) return;
        setText('');
        input.current?.blur();
        navigate(generatePath(PAGES.player.path, { id: encodeURIComponent(player.id) }));
      }}
      autoHighlight
      blurOnSelect
      clearOnBlur={false}
      loading={waiting && text.trim().length > 0}
      loadingText="Searching…"
      noOptionsText={noOptionsText}
      renderOption={({ key, ...props }, player) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important', minWidth: 0 }}>
          <Typography variant="body2" fontWeight={600} noWrap title={player.name}>
            {player.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={player.email}>
            {player.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {player.games.length > 0 ? player.games.map((g) => GAME_LABELS[g]).join(', ') : 'No game'}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={input}
          // No floating label: over the accent band it would lack contrast; the input carries the name.
          hiddenLabel
          placeholder="Email, nickname, player id or txnid"
          slotProps={{
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: {
              ...params.inputProps,
              'aria-label': 'Find a player',
              'aria-keyshortcuts': '/',
              maxLength: 255,
            },
          }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        />
      )}
    />
  );
}
