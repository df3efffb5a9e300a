import type { TutorialCaptionLanguage, TutorialVideo } from '@bilag/contracts';
import { Alert, Badge, Box, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames, localeOfLanguage } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { tutorialCaptionsUrl, tutorialVideoUrl } from './tutorial.queries';
import { currentStepIndex, formatMoment, stepsOfCues, type TutorialStep } from './tutorial.steps';

type TutorialPlayerProps = {
  video: TutorialVideo;
  token: string;
  title: string;
  /** Recorded on a phone: shown upright at a phone's width. */
  isPhone: boolean;
};

/**
 * The recording with its captions in the interface language (on from the start, since many watch without
 * sound), and its steps as a list that jumps to each of them.
 */
export function TutorialPlayer({ video, token, title, isPhone }: TutorialPlayerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRefs = useRef<Partial<Record<TutorialCaptionLanguage, HTMLTrackElement | null>>>({});
  const [steps, setSteps] = useState<TutorialStep[]>([]);
  const [currentStep, setCurrentStep] = useState(-1);
  const [cannotPlay, setCannotPlay] = useState(false);
  const captionLanguage = video.captionLanguages.includes(language) ? language : video.captionLanguages[0];

  // A change of language moves the captions with it. The first captions are the default track's: a
  // mode set before the browser has made its own first choice of track may be joined by another track.
  const shownLanguage = useRef(captionLanguage);
  useEffect(() => {
    const element = videoRef.current;
    if (!element || shownLanguage.current === captionLanguage) return;
    shownLanguage.current = captionLanguage;
    const shown = captionLanguage ? localeOfLanguage(captionLanguage) : null;
    for (const track of Array.from(element.textTracks))
      track.mode = track.language === shown ? 'showing' : 'disabled';
  }, [captionLanguage]);

  useEffect(() => {
    const trackElement = captionLanguage ? trackRefs.current[captionLanguage] : undefined;
    if (!trackElement) {
      setSteps([]);
      return;
    }
    const read = () => setSteps(stepsOfCues(trackElement.track.cues as Iterable<TextTrackCue> | null));
    read();
    trackElement.addEventListener('load', read);
    return () => trackElement.removeEventListener('load', read);
  }, [captionLanguage]);

  function onJump(step: TutorialStep) {
    const element = videoRef.current;
    if (!element) return;
    element.currentTime = step.startSeconds;
    // Playing may be refused (no sound device, a policy); the jump stands all the same.
    element.play().catch(() => undefined);
  }

  const source = video.externalUrl ?? tutorialVideoUrl(video.name, token);
  return (
    <Stack gap="lg">
      <Box
        maw={isPhone ? 380 : undefined}
        w="100%"
        mx="auto"
        style={{
          borderRadius: isPhone ? 28 : 12,
          border: isPhone ? '10px solid var(--mantine-color-dark-7)' : undefined,
          overflow: 'hidden',
          background: 'var(--mantine-color-dark-9)',
        }}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: the captions are the tracks below; an external video has none of ours. */}
        <video
          ref={videoRef}
          src={source}
          controls
          preload="metadata"
          playsInline
          aria-label={title}
          data-testid="tutorial-video"
          onError={() => setCannotPlay(true)}
          onTimeUpdate={(event) => setCurrentStep(currentStepIndex(steps, event.currentTarget.currentTime))}
          style={{ display: 'block', width: '100%', maxHeight: isPhone ? '72vh' : undefined }}
        >
          {video.captionLanguages.map((trackLanguage) => (
            <track
              key={trackLanguage}
              ref={(element) => {
                trackRefs.current[trackLanguage] = element;
              }}
              kind="captions"
              src={tutorialCaptionsUrl(video.name, trackLanguage, token)}
              srcLang={localeOfLanguage(trackLanguage)}
              label={languageNames[trackLanguage]}
              default={trackLanguage === captionLanguage}
            />
          ))}
          {t('tutorials.notSupported')}
        </video>
      </Box>
      {cannotPlay && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {t('tutorials.cannotPlay')}
        </Alert>
      )}
      {steps.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {t('tutorials.steps')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('tutorials.stepsHint')}
            </Text>
            <Stack
              component="ol"
              gap={4}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              data-testid="tutorial-steps"
            >
              {steps.map((step, index) => (
                <li key={`${step.startSeconds}-${step.text}`}>
                  <UnstyledButton
                    onClick={() => onJump(step)}
                    aria-current={index === currentStep ? 'step' : undefined}
                    w="100%"
                    p="xs"
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: index === currentStep ? 'var(--mantine-color-brand-0)' : undefined,
                    }}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Badge
                        variant="light"
                        radius="sm"
                        style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                      >
                        {formatMoment(step.startSeconds)}
                      </Badge>
                      <Text size="sm">{step.text}</Text>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
