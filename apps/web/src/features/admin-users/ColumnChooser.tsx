import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { ColumnChoice } from './useColumnChoice';

interface Props {
  /** The table's title, naming the menu for screen readers. */
  title: string;
  headers: readonly string[];
  choice: ColumnChoice;
}

/**
 * The 'Columns' button of an admin table: a menu of check items (arrow keys move, Enter or Space toggles,
 * Escape closes) that stays open while columns are chosen, and 'Reset columns' back to all of them.
 */
export function ColumnChooser({ title, headers, choice }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = Boolean(anchor);
  const lastShown = choice.shown.length === 1;

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': `${title} columns`, dense: true } }}
      >
        {headers.map((header) => {
          const shown = choice.isShown(header);
          return (
            <MenuItem
              key={header}
              role="menuitemcheckbox"
              aria-checked={shown}
              // The one column left stays: a table without columns shows nothing.
              disabled={shown && lastShown}
              onClick={() => choice.toggle(header)}
            >
              <ListItemIcon>
                {shown ? <CheckBoxIcon color="primary" /> : <CheckBoxOutlineBlankIcon />}
              </ListItemIcon>
              <ListItemText>{header}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={choice.reset}>Reset columns</MenuItem>
      </Menu>
    </>
  );
}
