import type { Language } from '@bilag/contracts';
import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageNames, localeOfLanguage, supportedLanguages } from '../i18n/language';
import { useLanguage } from '../i18n/useLanguage';

type LanguagePickerProps = {
  onPick: (language: Language) => void;
};

export function LanguagePicker({ onPick }: LanguagePickerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('language.changeLabel', { language: languageNames[language] })}
        >
          <Box component="span" visibleFrom="xs">
            {languageNames[language]}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {supportedLanguages.map((option) => (
          <Menu.Item
            key={option}
            lang={localeOfLanguage(option)}
            onClick={() => onPick(option)}
            rightSection={option === language ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={option === language ? 'true' : undefined}
          >
            {languageNames[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
