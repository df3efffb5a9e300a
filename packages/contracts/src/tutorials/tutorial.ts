import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { FILE_REPLY, route } from '../route';
import { Text } from '../text';

const tags = ['tutorials'];

/**
 * The tutorial videos, each named by the last segment of its page's address (/video is the overview,
 * /video/android the phone app, and so on).
 */
export const TUTORIAL_NAMES = [
  'overview',
  'android',
  'pay-dnb-android',
  'pay-sp1-android',
  'invoice-web',
] as const;
export const TutorialName = z.enum(TUTORIAL_NAMES);
export type TutorialName = z.infer<typeof TutorialName>;

/** The languages a tutorial's captions are written in. */
export const TUTORIAL_CAPTION_LANGUAGES = ['en', 'no'] as const;
export const TutorialCaptionLanguage = z.enum(TUTORIAL_CAPTION_LANGUAGES);
export type TutorialCaptionLanguage = z.infer<typeof TutorialCaptionLanguage>;

export const TUTORIAL_LIMITS = { passwordMax: 200, tokenMax: 2_000 } as const;

/** The shared password of the tutorial pages; spaces are left out, as the prompt leaves them out (spec §5). */
export const TutorialPassword = Text.max(TUTORIAL_LIMITS.passwordMax)
  .overwrite((password) => password.replace(/\s+/g, ''))
  .min(1);

export const CheckTutorialPasswordRequest = z.object({ password: TutorialPassword });
export type CheckTutorialPasswordRequest = z.infer<typeof CheckTutorialPasswordRequest>;

export const TutorialAccess = z.object({
  /** Opens the tutorial videos until it expires; sent as the `token` query parameter. */
  token: z.string(),
  expiresIn: z.number().int().describe('Lifetime of the token in seconds'),
});
export type TutorialAccess = z.infer<typeof TutorialAccess>;

/**
 * The token of check-password. It travels in the query because a <video> or <track> element cannot send
 * a header; it is left optional here so that a call without it is told to enter the password (401).
 */
const TutorialTokenQuery = z.object({ token: Text.max(TUTORIAL_LIMITS.tokenMax).optional() });

export const TutorialVideo = z.object({
  name: TutorialName,
  /**
   * Where the video is played from when the configuration names an address of its own for it; null plays
   * the built-in recording from tutorialVideoFile.
   */
  externalUrl: z.string().nullable(),
  /** The languages whose captions tutorialCaptions serves for this video (none for an external one). */
  captionLanguages: z.array(TutorialCaptionLanguage),
});
export type TutorialVideo = z.infer<typeof TutorialVideo>;

export const checkTutorialPassword = route({
  method: 'POST',
  path: `${ApiPrefix.account}/users/check-password`,
  access: 'public',
  body: CheckTutorialPasswordRequest,
  reply: envelope(TutorialAccess),
  summary:
    'Check the password of the tutorial videos; a right one answers a short-lived token that opens them',
  tags,
});

export const tutorialVideo = route({
  method: 'GET',
  path: `${ApiPrefix.account}/tutorials/:name`,
  access: 'public',
  params: z.object({ name: TutorialName }),
  query: TutorialTokenQuery,
  reply: envelope(TutorialVideo),
  summary: 'A tutorial video: where it plays from and its captions; 401 without a valid token',
  tags,
});

export const tutorialVideoFile = route({
  method: 'GET',
  path: `${ApiPrefix.account}/tutorials/:name/video`,
  access: 'public',
  params: z.object({ name: TutorialName }),
  query: TutorialTokenQuery,
  reply: FILE_REPLY,
  summary:
    'The built-in recording of a tutorial (video/webm), with byte ranges for seeking; 401 without a valid token',
  tags,
});

export const tutorialCaptions = route({
  method: 'GET',
  path: `${ApiPrefix.account}/tutorials/:name/captions/:language`,
  access: 'public',
  params: z.object({ name: TutorialName, language: TutorialCaptionLanguage }),
  query: TutorialTokenQuery,
  reply: FILE_REPLY,
  summary:
    "The captions of a tutorial's built-in recording (WebVTT), describing its steps; 401 without a valid token",
  tags,
});
