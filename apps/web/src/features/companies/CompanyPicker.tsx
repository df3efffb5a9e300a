import type { Company } from '@bilag/contracts';
import { formatOrganisationNumber } from '@bilag/domain/validators/organisation-number';
import { Avatar, Badge, Box, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './CompanyPicker.module.css';

/** Up to this many companies fit on screen at once; beyond it a search field helps find one. */
const SEARCH_THRESHOLD = 5;

type CompanyPickerProps = {
  companies: Company[];
  currentCompanyId?: number | undefined;
  onPick: (company: Company) => void;
};

function matchesQuery(company: Company, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (text.length === 0) return true;
  const digits = text.replace(/\s/g, '');
  return (
    company.Name.toLowerCase().includes(text) ||
    (/^\d+$/.test(digits) && company.OrganisationNumber.includes(digits))
  );
}

export function CompanyPicker({ companies, currentCompanyId, onPick }: CompanyPickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const isSearchable = companies.length > SEARCH_THRESHOLD;
  const matches = companies.filter((company) => matchesQuery(company, query));
  const hasCurrent = matches.some((company) => company.Id === currentCompanyId);

  function optionButtons(): HTMLButtonElement[] {
    return Array.from(
      listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-company-option]') ?? [],
    );
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = optionButtons();
    const focused = document.activeElement;
    const index = focused instanceof HTMLButtonElement ? buttons.indexOf(focused) : -1;
    const last = buttons.length - 1;
    const targets: Record<string, number> = {
      ArrowDown: Math.min(index + 1, last),
      ArrowUp: index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    if (target < 0) searchRef.current?.focus();
    else buttons[target]?.focus();
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      optionButtons()[0]?.focus();
    }
    const [firstMatch] = matches;
    if (event.key === 'Enter' && firstMatch) {
      event.preventDefault();
      onPick(firstMatch);
    }
  }

  return (
    <Stack gap="sm">
      {isSearchable && (
        <TextInput
          ref={searchRef}
          type="search"
          label={t('companies.searchLabel')}
          placeholder={t('companies.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onSearchKeyDown}
          data-autofocus
        />
      )}
      {matches.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center" role="status">
          {t('companies.noMatches', { query: query.trim() })}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
          <ul
            ref={listRef}
            className={classes.list}
            aria-label={t('companies.listLabel')}
            onKeyDown={onListKeyDown}
          >
            {matches.map((company, index) => {
              const isCurrent = company.Id === currentCompanyId;
              const isFirstFocus = !isSearchable && (isCurrent || (!hasCurrent && index === 0));
              return (
                <li key={company.Id}>
                  <UnstyledButton
                    className={classes.option}
                    data-company-option
                    data-autofocus={isFirstFocus || undefined}
                    aria-current={isCurrent ? 'true' : undefined}
                    onClick={() => onPick(company)}
                  >
                    <Group wrap="nowrap" gap="sm">
                      <Box aria-hidden>
                        <Avatar name={company.Name} color="brand" radius="md" />
                      </Box>
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {company.Name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t('companies.organisationNumber', {
                            number: formatOrganisationNumber(company.OrganisationNumber),
                          })}
                        </Text>
                      </Box>
                      {company.isOwner && (
                        <Badge variant="light" color="brand">
                          {t('companies.owner')}
                        </Badge>
                      )}
                      {isCurrent && (
                        <Badge variant="outline" color="gray">
                          {t('companies.current')}
                        </Badge>
                      )}
                      <IconChevronRight size={18} className={classes.chevron} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </ul>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
