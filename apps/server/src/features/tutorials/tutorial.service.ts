import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ErrorCode,
  TUTORIAL_CAPTION_LANGUAGES,
  type TutorialCaptionLanguage,
  type TutorialName,
  type TutorialVideo,
} from '@bilag/contracts';
import { AppError } from '../../platform/errors';

export type TutorialLibrary = {
  /** Where the built-in recordings are: `<name>.webm`, with captions in `<name>.<language>.vtt`. */
  directory: string;
  /** Addresses from the configuration that replace a built-in recording. */
  videoUrls: Partial<Record<TutorialName, string>>;
};

export function videoFileName(name: TutorialName): string {
  return `${name}.webm`;
}

export function captionsFileName(name: TutorialName, language: TutorialCaptionLanguage): string {
  return `${name}.${language}.vtt`;
}

async function isFile(library: TutorialLibrary, fileName: string): Promise<boolean> {
  try {
    return (await stat(path.join(library.directory, fileName))).isFile();
  } catch {
    return false;
  }
}

function notRecorded(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, 'tutorialNotRecorded');
}

/** Where a tutorial plays from: the configured address, else its built-in recording with its captions. */
export async function describeTutorial(library: TutorialLibrary, name: TutorialName): Promise<TutorialVideo> {
  const externalUrl = library.videoUrls[name];
  if (externalUrl) return { name, externalUrl, captionLanguages: [] };
  if (!(await isFile(library, videoFileName(name)))) throw notRecorded();
  const captionLanguages: TutorialCaptionLanguage[] = [];
  for (const language of TUTORIAL_CAPTION_LANGUAGES)
    if (await isFile(library, captionsFileName(name, language))) captionLanguages.push(language);
  return { name, externalUrl: null, captionLanguages };
}

/** The file name of a built-in recording or its captions, refused when it is not there. */
export async function requireBuiltInFile(library: TutorialLibrary, fileName: string): Promise<string> {
  if (!(await isFile(library, fileName))) throw notRecorded();
  return fileName;
}

/** The origins of the configured addresses, which the page's content security policy must let play. */
export function externalVideoOrigins(library: Pick<TutorialLibrary, 'videoUrls'>): string[] {
  const origins = Object.values(library.videoUrls).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}
