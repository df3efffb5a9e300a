import { Card, type CardProps } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = Omit<CardProps, 'children'> & {
  /** The id of the heading that names the section for assistive technology. */
  headingId: string;
  children: ReactNode;
};

/** A page's bordered section card, named by its own heading. */
export function SectionCard({ headingId, children, ...cardProps }: SectionCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId} {...cardProps}>
      {children}
    </Card>
  );
}
