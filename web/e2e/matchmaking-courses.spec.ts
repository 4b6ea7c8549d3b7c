import type { Page } from '@playwright/test';
import { MATCHMAKING_TEXTS } from '@studium/protocol';
import { expect, expectNoSeriousA11yViolations, gotoRoute, test } from './fixtures';

const t = MATCHMAKING_TEXTS;
const intentForm = (page: Page) => page.getByRole('form', { name: 'New intent' });
const wizard = (page: Page) => page.getByRole('form', { name: 'Party intent' });

test('the tutoring form finds a course by its name, by mouse and keyboard, and saves its code', async ({
  page,
  user,
}) => {
  void user;
  await gotoRoute(page, '/matchmake?tab=tutoring&role=tutoree');
  const form = intentForm(page);
  const course = form.getByRole('combobox', { name: 'Course', exact: true });
  const suggestions = form.getByRole('listbox', { name: 'Suggestions' });

  // Typing part of a name lists the course; a click picks it.
  await course.fill('numer');
  await expect(course).toHaveAttribute('aria-expanded', 'true');
  await suggestions.getByRole('option', { name: 'Numerical Methods (math-240)' }).click();
  await expect(course).toHaveValue('math-240');
  await expect(suggestions).toBeHidden();
  await expect(course).toHaveAttribute('aria-expanded', 'false');
  await expect(course).toBeFocused();

  // Escape closes the list and keeps the text.
  await course.fill('calc');
  await expect(suggestions.getByRole('option')).toHaveText([
    'Calculus I (math-101)',
    'Calculus II (math-102)',
  ]);
  await expectNoSeriousA11yViolations(page, 'main');
  await course.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(course).toHaveValue('calc');

  // Keyboard: Down highlights the suggestion, Enter picks it (without sending the form).
  await course.fill('linear');
  const linear = suggestions.getByRole('option', { name: 'Linear Algebra (math-110)' });
  await expect(linear).toBeVisible();
  await course.press('ArrowDown');
  await expect(linear).toHaveAttribute('aria-selected', 'true');
  await expect(course).toHaveAttribute('aria-activedescendant', (await linear.getAttribute('id'))!);
  await course.press('Enter');
  await expect(course).toHaveValue('math-110');
  await expect(form.getByText('Course: Linear Algebra (math-110)')).toBeVisible();
  await expect(form.getByText(t.badModality)).toHaveCount(0);

  await form.getByRole('combobox', { name: 'Modality', exact: true }).selectOption('online');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/intent/tutoree') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Create intent' }).click();
  const answer = await saved;
  expect(answer.request().postDataJSON()).toMatchObject({ course_code: 'math-110' });
  expect(answer.status()).toBe(200);
});

test('the party wizard finds a course topic by its name, and still offers hobbies', async ({
  page,
  user,
}) => {
  void user;
  await gotoRoute(page, '/matchmake');
  const form = wizard(page);
  const topic = form.getByRole('combobox', { name: 'Topic' });
  const suggestions = form.getByRole('listbox', { name: 'Suggestions' });

  await topic.fill('ski');
  await expect(suggestions.getByRole('option', { name: 'skiing' })).toBeVisible();

  await topic.fill('linear');
  await expect(suggestions.getByRole('option', { name: 'Linear Algebra (math-110)' })).toBeVisible();
  await topic.press('ArrowDown');
  await topic.press('Enter');
  await expect(topic).toHaveValue('math-110');
  // A course topic asks how the group meets; Enter picked the course and stayed on Topic.
  await expect(form.getByRole('combobox', { name: 'Preferred modality' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Topic', exact: true })).toHaveAttribute(
    'aria-current',
    'step',
  );

  // With the list closed, Enter moves on as before.
  await topic.press('Enter');
  await expect(form.getByRole('button', { name: 'Team', exact: true })).toHaveAttribute(
    'aria-current',
    'step',
  );

  // A click picks a suggestion too.
  await form.getByRole('button', { name: 'Topic', exact: true }).click();
  await topic.fill('thermo');
  await suggestions.getByRole('option', { name: 'Thermodynamics (phys-210)' }).click();
  await expect(topic).toHaveValue('phys-210');
});
