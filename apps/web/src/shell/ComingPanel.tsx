import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** Stand-in for a page whose feature has not been built yet. */
export function ComingPanel({ title }: { title: string }) {
  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">This page is coming soon.</Typography>
      </CardContent>
    </Card>
  );
}
