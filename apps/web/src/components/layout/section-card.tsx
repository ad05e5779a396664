import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One section of a page such as the profile or the settings: its title, what it is for, its content. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 5, md: 6 }, '&:last-child': { pb: { xs: 5, md: 6 } } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 5 }}>
          {description}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
