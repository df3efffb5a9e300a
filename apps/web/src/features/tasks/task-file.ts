import { TASK_LIMITS } from '@bilag/contracts';

const ACCEPTED_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];
const MEGABYTE = 1024 * 1024;

export type AttachmentProblem =
  | { key: 'tasks.files.tooMany'; values: { max: number } }
  | { key: 'tasks.files.tooLarge'; values: { name: string; max: string } }
  | { key: 'tasks.files.wrongType'; values: { name: string } };

/**
 * What keeps picked files from being attached, told before they are sent: too many at once, one too
 * large, or one of a kind the server does not take. The server checks the contents again.
 */
export function checkAttachments(files: readonly File[]): AttachmentProblem | null {
  const { maxFiles, maxFileBytes } = TASK_LIMITS.attachments;
  if (files.length > maxFiles) return { key: 'tasks.files.tooMany', values: { max: maxFiles } };
  const tooLarge = files.find((file) => file.size > maxFileBytes);
  if (tooLarge)
    return {
      key: 'tasks.files.tooLarge',
      values: { name: tooLarge.name, max: `${maxFileBytes / MEGABYTE} MB` },
    };
  const wrongType = files.find((file) => file.type !== '' && !ACCEPTED_TYPES.includes(file.type));
  if (wrongType) return { key: 'tasks.files.wrongType', values: { name: wrongType.name } };
  return null;
}

/** "12,5 kB" in Norwegian, "12.5 kB" in English. */
export function formatFileSize(bytes: number, language: string): string {
  const format = new Intl.NumberFormat(language === 'no' ? 'nb-NO' : 'en-GB', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < MEGABYTE) return `${format.format(bytes / 1024)} kB`;
  return `${format.format(bytes / MEGABYTE)} MB`;
}
