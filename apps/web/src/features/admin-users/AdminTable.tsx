import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { alpha, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Endpoint,
  endpointUrl,
  MESSAGES,
  PAGE_SIZES,
  type Paginated,
  SEARCH_DEBOUNCE_MS,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { follow } from '../../lib/api';
import { downloadExport, type ExportLinkEndpoint } from '../../lib/download';
import { AsyncSection } from '../../shell/AsyncSection';
import { ColumnChooser } from './ColumnChooser';
import { CutText } from './CutText';
import { useColumnChoice } from './useColumnChoice';
import { useScrollEdges } from './useScrollEdges';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Lets the cell wrap (long text such as URLs); cells stay on one line otherwise. */
  wrap?: boolean;
}

interface Props<T> {
  title: string;
  /** The list endpoint (its reply a page of rows), e.g. adminUsersEndpoints.list. */
  list: Endpoint & { reply: z.ZodType<Paginated<T>> };
  /** Answers a signed link to the export of the table's filter; omit for no Export button. */
  exportLink?: ExportLinkEndpoint;
  /** The path parameters of both, e.g. the users table's game. */
  params?: object;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  dateFilter?: boolean;
  emptyText?: string;
  /** Changing it reloads the table (e.g. after creating a row). */
  refreshKey?: number;
}

/** Width of the shadows that cue columns hidden to either side. */
const CUE_WIDTH = 24;

/** A shadow fading away from one edge: dark enough to read on the navy of dark mode too. */
const edgeShadow = (theme: Theme, towards: 'left' | 'right') =>
  `linear-gradient(to ${towards}, ${alpha('#000', theme.palette.mode === 'dark' ? 0.6 : 0.18)}, transparent)`;

/** The first shown column stays in view while the table scrolls sideways: the row's name or code. */
const stickyCell = (scrolled: boolean) => ({
  position: 'sticky',
  left: 0,
  zIndex: 1,
  // Opaque, or scrolled cells would show through; the row's hover tint is laid over it.
  bgcolor: 'background.paper',
  '.MuiTableRow-hover:hover > &': {
    backgroundImage: (theme: Theme) =>
      `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  // The cue on the left: a shadow along the column's edge once columns have slid beneath it.
  '&::after': {
    content: '""',
    position: 'absolute',
    top: 0,
    bottom: 0,
    left: '100%',
    width: CUE_WIDTH,
    pointerEvents: 'none',
    background: (theme: Theme) => edgeShadow(theme, 'right'),
    opacity: scrolled ? 1 : 0,
    transition: 'opacity 150ms',
  },
});

/** Names end in an ellipsis rather than push the other columns away (the whole name stays in the DOM). */
/** How wide a value may be before it is cut (CutText): the sticky first column narrower on phones. */
const FIRST_COLUMN_WIDTH = { xs: '9rem', sm: '14rem' };
const COLUMN_WIDTH = '16rem';

/** The filter the table shows, as its list and its export take it: search and a complete date range. */
function tableFilter(search: string, from: string, to: string): Record<string, string> {
  return { ...(search && { search }), ...(from && to && { fromDate: from, toDate: to }) };
}

/**
 * The one admin table: rows per page (10/20/50/100), server search with a 500 ms debounce, date range
 * with Filter and Reset, Previous/Next through the reply's page URLs, 'Page X of Y' and Export to Excel.
 * Beside the spec: a 'Columns' chooser kept per admin (every column by default), a first column that stays in
 * view while the others scroll sideways, and a shadow on each side that still hides columns.
 */
export function AdminTable<T>(props: Props<T>) {
  const { title, list, params, rowKey } = props;
  const [perPage, setPerPage] = useState(10);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState({ from: '', to: '' });
  const [paged, setPaged] = useState<{ base: string; url: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  const filter = tableFilter(search, range.from, range.to);
  const firstPage = endpointUrl(list, params, { per_page: String(perPage), ...filter });
  // A page link belongs to the filters it came from: new filters (or a refresh) start again at page 1.
  const base = `${firstPage}#${props.refreshKey ?? 0}`;
  const url = paged?.base === base ? paged.url : firstPage;
  const setPageUrl = (next: string) => setPaged({ base, url: next });
  const query = useQuery({
    queryKey: ['admin-table', url, props.refreshKey ?? 0],
    // The first page from the endpoint with its query, the next ones from the links its replies give.
    queryFn: ({ signal }) => follow(list, url, { signal }),
    placeholderData: keepPreviousData,
  });

  const applyRange = () => {
    if (Boolean(from) !== Boolean(to)) {
      window.alert(MESSAGES.bothDates);
      return;
    }
    if (from > to) {
      window.alert(MESSAGES.dateOrder);
      return;
    }
    setRange({ from, to });
  };
  const reset = () => {
    setFrom('');
    setTo('');
    setRange({ from: '', to: '' });
  };
  const exportAll = async () => {
    if (!props.exportLink) return;
    setExporting(true);
    setExportError(null);
    try {
      await downloadExport(props.exportLink, { params, body: filter }, { auth: 'admin' });
    } catch (error) {
      console.error(error);
      setExportError('The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const page = query.data;
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const headers = props.columns.map((c) => c.header);
  const choice = useColumnChoice(slug, headers);
  const columns = props.columns.filter((c) => choice.isShown(c.header));
  const scroll = useScrollEdges<HTMLDivElement>();
  const hidesColumns = scroll.left || scroll.right;
  return (
    <Card
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
      component="section"
      aria-labelledby={`${slug}-title`}
      data-testid={`table-${slug}`}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ md: 'center' }}>
        <Typography id={`${slug}-title`} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <ColumnChooser title={title} headers={headers} choice={choice} />
        {props.exportLink && (
          <Button variant="contained" color="success" onClick={exportAll} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export to Excel'}
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <TextField
          select
          size="small"
          label="Rows per page"
          value={perPage}
          onChange={(e) => setPerPage(Number(e.target.value))}
          sx={{ minWidth: 130 }}
        >
          {PAGE_SIZES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Search"
          type="search"
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          sx={{ minWidth: 220, flexGrow: 1 }}
        />
        {props.dateFilter !== false && (
          <>
            <TextField
              size="small"
              type="date"
              label="Date From"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="Date To"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button variant="contained" onClick={applyRange}>
              Filter
            </Button>
            <Button variant="outlined" onClick={reset}>
              Reset
            </Button>
          </>
        )}
      </Stack>
      {exportError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      <AsyncSection query={query} what={title} rows={5}>
        {(page) => (
          <Box sx={{ position: 'relative' }}>
            <TableContainer
              ref={scroll.ref}
              // Focusable while it hides columns, so the keyboard can scroll it (arrow keys) too.
              {...(hidesColumns && {
                tabIndex: 0,
                role: 'region',
                'aria-label': `${title}, scrolls sideways`,
              })}
              data-testid="table-scroller"
              sx={{
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    {columns.map((c, index) => (
                      <TableCell
                        key={c.header}
                        sx={{
                          fontWeight: 700,
                          whiteSpace: 'nowrap',
                          ...(index === 0 && stickyCell(scroll.left)),
                        }}
                      >
                        {c.header}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.data.map((row) => (
                    <TableRow key={rowKey(row)} hover>
                      {columns.map((c, index) => {
                        const content = c.cell(row);
                        return (
                          <TableCell
                            key={c.header}
                            sx={{
                              whiteSpace: c.wrap ? 'normal' : 'nowrap',
                              ...(index === 0 && stickyCell(scroll.left)),
                            }}
                          >
                            {index === 0 ? (
                              <CutText
                                maxWidth={FIRST_COLUMN_WIDTH}
                                interactive={typeof content === 'object'}
                              >
                                {content}
                              </CutText>
                            ) : !c.wrap && (typeof content === 'string' || typeof content === 'number') ? (
                              <CutText maxWidth={COLUMN_WIDTH}>{content}</CutText>
                            ) : (
                              content
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                  {page.data.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={columns.length} align="center">
                        {props.emptyText ?? 'No data available'}
                      </TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            {scroll.right && (
              <Box
                data-testid="scroll-cue-right"
                aria-hidden
                sx={{
                  position: 'absolute',
                  top: 0,
                  right: 0,
                  bottom: 0,
                  width: CUE_WIDTH,
                  zIndex: 2,
                  pointerEvents: 'none',
                  background: (theme) => edgeShadow(theme, 'left'),
                }}
              />
            )}
            {query.isFetching && (
              <Box sx={{ position: 'absolute', right: 8, top: 8, zIndex: 3 }}>
                <CircularProgress size={20} aria-label="Loading" />
              </Box>
            )}
          </Box>
        )}
      </AsyncSection>
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="flex-end" sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          disabled={!page?.prev_page_url}
          onClick={() => page?.prev_page_url && setPageUrl(page.prev_page_url)}
        >
          Previous
        </Button>
        <Typography aria-live="polite">
          Page {page?.current_page ?? 1} of {page?.total_is_estimate ? 'about ' : ''}
          {(page?.last_page ?? 1).toLocaleString('en-US')}
        </Typography>
        <Button
          variant="outlined"
          disabled={!page?.next_page_url}
          onClick={() => page?.next_page_url && setPageUrl(page.next_page_url)}
        >
          Next
        </Button>
      </Stack>
    </Card>
  );
}
