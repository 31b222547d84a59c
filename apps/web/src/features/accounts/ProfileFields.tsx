import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A profile's label/value pairs as a two-column description list (one column on phones). */
export function ProfileFields({ fields }: { fields: [label: string, value: string][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
        columnGap: 4,
        rowGap: 2,
      }}
    >
      {fields.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
