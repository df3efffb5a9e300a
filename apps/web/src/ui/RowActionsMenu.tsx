import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type RowActionsMenuProps = {
  /** Names the row, since every row has such a button. */
  label: string;
  editLabel: string;
  onEdit: () => void;
  /** What else can be done to the row, below the edit item. */
  children: ReactNode;
  'data-testid': string;
};

/** The "…" button at the end of a table row, opening what can be done to that row, editing first. */
export function RowActionsMenu({
  label,
  editLabel,
  onEdit,
  children,
  'data-testid': testId,
}: RowActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid={testId}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          {editLabel}
        </Menu.Item>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}
