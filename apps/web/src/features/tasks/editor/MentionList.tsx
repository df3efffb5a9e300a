import type { TaskUser } from '@bilag/contracts';
import { Paper, Text, UnstyledButton } from '@mantine/core';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { type Ref, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './RichText.module.css';

export type MentionListHandle = { onKeyDown: (props: SuggestionKeyDownProps) => boolean };

type MentionListProps = SuggestionProps<TaskUser, { id: string; label: string }> & {
  ref?: Ref<MentionListHandle>;
};

/**
 * The people offered after an @: arrow keys move the choice, Enter or Tab takes it, a click takes the
 * one clicked. The editor keeps the focus meanwhile, so the keys reach the list through `onKeyDown`.
 */
export function MentionList({ items, command, ref }: MentionListProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  // Typing more of the name offers other people: the choice starts again at the first of them.
  const [offered, setOffered] = useState(items);
  if (offered !== items) {
    setOffered(items);
    setChosen(0);
  }

  function take(index: number) {
    const user = items[index];
    if (user) command({ id: String(user.id), label: user.fullName });
  }

  useImperativeHandle(ref, () => ({
    onKeyDown: ({ event }) => {
      if (items.length === 0) return false;
      if (event.key === 'ArrowDown') {
        setChosen((index) => (index + 1) % items.length);
        return true;
      }
      if (event.key === 'ArrowUp') {
        setChosen((index) => (index + items.length - 1) % items.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        take(chosen);
        return true;
      }
      return false;
    },
  }));

  return (
    <Paper withBorder shadow="md" radius="md" p={4} className={classes.suggestions}>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs" py={6}>
          {t('tasks.editor.noOneToMention')}
        </Text>
      ) : (
        <div role="listbox" aria-label={t('tasks.editor.mentionList')} data-testid="mention-list">
          {items.map((user, index) => (
            <UnstyledButton
              key={user.id}
              role="option"
              aria-selected={index === chosen}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => take(index)}
              w="100%"
              px="xs"
              py={6}
              bg={index === chosen ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
            >
              <Text size="sm" fw={600} truncate>
                {user.fullName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </UnstyledButton>
          ))}
        </div>
      )}
    </Paper>
  );
}
