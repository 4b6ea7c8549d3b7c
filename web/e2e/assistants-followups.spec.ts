import type { Page } from '@playwright/test';
import { ASSISTANT_BOTS, ASSISTANT_TEXTS, CHAT_TEXTS, intentResponse } from '@studium/protocol';
import { send } from './chat-helpers';
import { expect, expectNoSeriousA11yViolations, gotoRoute, test } from './fixtures';

// The interview bot answers through the offline engine, streaming a few words at a time.
test.describe.configure({ timeout: 150_000 });

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
/** The stored messages (positive ids) a user wrote in the open conversation. */
const messagesBy = (page: Page, username: string) =>
  log(page)
    .locator('article:not([data-message-id^="-"])')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) });
const quickReplies = (page: Page) => page.getByRole('group', { name: 'Quick replies' });
const card = (page: Page) => page.getByRole('region', { name: 'What I understood' });

test('a follow-up the free text left open is answered with its quick replies, and the saved intent says so', async ({
  page,
  user,
}) => {
  void user;
  await gotoRoute(page, '/matchmaking_bot');
  await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(1, { timeout: 15_000 });
  // The greeting asks an open question: nothing to choose from yet.
  await expect(quickReplies(page)).toHaveCount(0);

  await send(page, 'I study CS-101 and speak English and French, free Tuesday evenings');
  await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(2, { timeout: 15_000 });

  // Role was left unclear: the bot asks, and offers the three roles under its question.
  const roles = quickReplies(page);
  await expect(roles.getByRole('button')).toHaveText([
    'I need a tutor',
    'I can tutor others',
    'A study group',
  ]);
  await expectNoSeriousA11yViolations(page);
  // Reachable by keyboard from the composer, with a visible focus ring.
  const tutorOthers = roles.getByRole('button', { name: 'I can tutor others' });
  await page.getByRole('textbox', { name: 'Message' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: CHAT_TEXTS.composer.insertEmoji })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(roles.getByRole('button', { name: 'A study group' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tutorOthers).toBeFocused();
  await expect(tutorOthers).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  await expect(messagesBy(page, user.username)).toHaveCount(2);
  await expect(messagesBy(page, user.username).last()).toContainText('I can tutor others');

  // Then the modality, with its own choices (the role ones are gone).
  await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(3, { timeout: 15_000 });
  await expect(quickReplies(page).getByRole('button', { name: 'I can tutor others' })).toHaveCount(0);
  await quickReplies(page).getByRole('button', { name: 'In person' }).click();
  await expect(messagesBy(page, user.username)).toHaveCount(3);
  await expect(messagesBy(page, ASSISTANT_BOTS.interview)).toHaveCount(4, { timeout: 15_000 });

  const understood = card(page);
  await expect(understood.getByRole('radio', { name: 'Offering to tutor' })).toBeChecked();
  await expect(understood.getByLabel('How you like to meet')).toHaveValue('in_person');
  await understood.getByRole('button', { name: 'Save to my profile' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: ASSISTANT_TEXTS.interviewSaved }),
  ).toBeVisible();

  const saved = intentResponse.parse(await (await page.request.get('/api/intent/tutor')).json());
  expect(saved.intent).toMatchObject({ role: 'tutor', modality: 'in_person' });
  expect(saved.intent?.course_code.toUpperCase()).toBe('CS-101');
  expect(saved.intent?.languages).toMatch(/en/i);
  expect(saved.intent?.languages).toMatch(/fr/i);
});
