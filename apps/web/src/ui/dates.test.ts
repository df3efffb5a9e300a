import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { chooseDateLocale, dateLocaleTag } from '../i18n/language';
import { displayTimeZone } from './dates';
import { isLocalHost, parseHostList } from './hosts';

describe('display time zone', () => {
  it('is Europe/Amsterdam in production and Asia/Singapore on a developer machine', () => {
    expect(displayTimeZone('app.bilag.no')).toBe('Europe/Amsterdam');
    expect(displayTimeZone('localhost')).toBe('Asia/Singapore');
    expect(displayTimeZone('127.0.0.1')).toBe('Asia/Singapore');
  });

  it('is Asia/Singapore on the configured development hosts too, and only there', () => {
    const developmentHosts = parseHostList(' dev.bilag.no, TEST.bilag.no ,');
    expect(developmentHosts).toEqual(new Set(['dev.bilag.no', 'test.bilag.no']));
    expect(displayTimeZone('dev.bilag.no', developmentHosts)).toBe('Asia/Singapore');
    expect(displayTimeZone('Test.Bilag.no', developmentHosts)).toBe('Asia/Singapore');
    expect(displayTimeZone('app.bilag.no', developmentHosts)).toBe('Europe/Amsterdam');
    expect(displayTimeZone('localhost', developmentHosts)).toBe('Asia/Singapore');
  });

  it('treats only loopback names as local hosts', () => {
    expect(
      ['localhost', '127.0.0.1', '::1', '[::1]', 'web.localhost'].every((host) => isLocalHost(host)),
    ).toBe(true);
    expect(['bilag.test', '10.0.0.5', 'localhost.example.com'].some((host) => isLocalHost(host))).toBe(false);
  });
});

describe('date locales', () => {
  it('writes dates in Norwegian, English or Vietnamese', () => {
    expect(chooseDateLocale('no', ['vi-VN'])).toBe('no');
    expect(chooseDateLocale('en', ['en-GB', 'vi'])).toBe('en');
    expect(chooseDateLocale('en', ['vi-VN', 'en'])).toBe('vn');
    const friday = dayjs('2026-11-27');
    expect(friday.locale(dateLocaleTag('no', [])).format('dddd D. MMMM')).toBe('fredag 27. november');
    expect(friday.locale(dateLocaleTag('en', ['en-GB'])).format('dddd D MMMM')).toBe('Friday 27 November');
    expect(friday.locale(dateLocaleTag('en', ['vi'])).format('dddd')).toBe('thứ sáu');
  });
});
