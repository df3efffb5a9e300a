import { checkTutorialPassword, tutorialCaptions, tutorialVideo, tutorialVideoFile } from '@bilag/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route';
import {
  captionsFileName,
  describeTutorial,
  requireBuiltInFile,
  type TutorialLibrary,
  videoFileName,
} from './tutorial.service';
import type { TutorialAccessGate } from './tutorial-access';

type Options = {
  access: TutorialAccessGate;
  library: TutorialLibrary;
  passwordAttemptsPerMinute: number;
};

/** The password of the tutorial pages, and the videos and captions it opens. */
export async function tutorialRoutes(
  app: FastifyInstance,
  { access, library, passwordAttemptsPerMinute }: Options,
) {
  // Files are sent by @fastify/static's sender (byte ranges, ETag, content type); this plugin's
  // scope gets its own sendFile, rooted at the recordings, and serves no route of its own.
  await app.register(fastifyStatic, { root: library.directory, serve: false });

  registerRoute(app, checkTutorialPassword, ({ body }) => access.grant(body.password), {
    config: { rateLimit: { max: passwordAttemptsPerMinute, timeWindow: '1 minute' } },
  });
  registerRoute(app, tutorialVideo, async ({ params, query }) => {
    await access.require(query.token);
    return describeTutorial(library, params.name);
  });
  registerRoute(app, tutorialVideoFile, async ({ params, query }, { reply }) => {
    await access.require(query.token);
    const fileName = await requireBuiltInFile(library, videoFileName(params.name));
    // The API's no-store stays: a copy kept by the browser would outlive the token.
    return reply.sendFile(fileName, { cacheControl: false });
  });
  registerRoute(app, tutorialCaptions, async ({ params, query }, { reply }) => {
    await access.require(query.token);
    const fileName = await requireBuiltInFile(library, captionsFileName(params.name, params.language));
    return reply.sendFile(fileName, { cacheControl: false });
  });
}
