import {
  type TutorialCaptionLanguage,
  type TutorialName,
  tutorialCaptions,
  tutorialVideo,
  tutorialVideoFile,
} from '@bilag/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api/apiClient';
import { routeUrl } from '../../app/api/http';

export const tutorialKeys = {
  all: () => ['tutorials'] as const,
  video: (name: TutorialName, token: string) =>
    queryOptions({
      queryKey: [...tutorialKeys.all(), name, token] as const,
      queryFn: async ({ signal }) =>
        (await api.call(tutorialVideo, { params: { name }, query: { token }, signal })).data,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
};

/**
 * The addresses the player loads by itself. A <video> or <track> element sends no header, so the token
 * travels in the query.
 */
export function tutorialVideoUrl(name: TutorialName, token: string): string {
  return routeUrl(tutorialVideoFile, { params: { name }, query: { token } });
}

export function tutorialCaptionsUrl(
  name: TutorialName,
  language: TutorialCaptionLanguage,
  token: string,
): string {
  return routeUrl(tutorialCaptions, { params: { name, language }, query: { token } });
}
