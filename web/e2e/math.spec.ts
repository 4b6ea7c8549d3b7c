import { expect, test } from './fixtures';
import { expectStored, messageWith, openChat, roomByPath, secondUser, send } from './chat-helpers';
import { createGroupViaApi } from './dm-helpers';

test('a formula renders as math (with MathML), a price stays text, and KaTeX loads only then', async ({
  page,
  browser,
  user: _user,
}) => {
  const katexRequests: string[] = [];
  page.on('request', (request) => {
    if (/KaTeX_|\/math-[\w-]+\.(?:css|js)$/.test(request.url())) katexRequests.push(request.url());
  });
  // A room of its own: another test's formulas in a shared room would load KaTeX before this one.
  const other = await secondUser(browser);
  const room = await createGroupViaApi(page.request, `Math ${Date.now()}`, [other.username]);
  await openChat(page, room);
  const prices = `Prices: $5 and $10 ${Date.now()}`;
  await send(page, prices);
  await expect(messageWith(page, prices)).toBeVisible();
  expect(katexRequests).toEqual([]);

  const marker = `Solve ${Date.now()}`;
  await send(page, `${marker} \\(x^2 = 4\\), then $$\\frac{a}{b}$$`);
  const message = messageWith(page, marker);
  await expect(message.locator('.katex')).toHaveCount(2);
  await expect(message.locator('.katex-display')).toHaveCount(1);
  // Screen readers read the MathML; the visual layout is hidden from them.
  await expect(message.getByRole('math')).toHaveCount(2);
  await expect(message.locator('.katex-html').first()).toHaveAttribute('aria-hidden', 'true');
  // KaTeX's style sheet applies (the fraction is laid out, not a row of letters).
  await expect(message.locator('.katex .mfrac')).toBeVisible();
  expect(katexRequests.some((url) => /\.css$/.test(url))).toBe(true);

  // Another reader sees the same formula, typeset.
  await openChat(other.page, room);
  // A fresh browser loads the markdown renderer, then KaTeX with its style sheet and fonts, before
  // it typesets: on a busy machine that can take longer than an assertion's usual 5 s.
  await expect(messageWith(other.page, marker).locator('.katex')).toHaveCount(2, { timeout: 15_000 });
  await expect(messageWith(other.page, marker).getByRole('math')).toHaveCount(2);
  expect(other.errors).toEqual([]);
  await other.context.close();
});

test("the edit history dialog covers the chat's formulas: none shows through its backdrop", async ({
  page,
  user: _user,
}) => {
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await openChat(page, room.id);
  const marker = `Area ${Date.now()}`;
  await send(page, `${marker} $$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$ and \\(e^{i\\pi} + 1 = 0\\)`);
  const message = messageWith(page, marker);
  await expect(message.locator('.katex')).toHaveCount(2);
  await expectStored(page, marker);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.press('ArrowUp');
  const editBox = page.getByRole('textbox', { name: 'Edit message' });
  await editBox.fill(`${marker} (fixed) $$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$ and \\(e^{i\\pi} + 1 = 0\\)`);
  await editBox.press('Control+Enter');
  const edited = messageWith(page, `${marker} (fixed)`);
  await expect(edited.locator('.katex .mfrac')).toBeVisible();

  await edited.getByRole('button', { name: '(edited)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('message-version')).toHaveCount(2);
  // Whatever is drawn at a formula's place is the backdrop or the dialog, never the formula.
  const seen = await edited.locator('.katex').evaluateAll((formulas) =>
    formulas.flatMap((formula) =>
      [...formula.querySelectorAll('*')].flatMap((part) =>
        [...part.getClientRects()]
          .filter((r) => r.width > 0 && r.height > 0)
          .map((r) => document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
          .filter((hit): hit is Element => hit !== null && hit.closest('.katex') !== null)
          .map((hit) => hit.outerHTML.slice(0, 80)),
      ),
    ),
  );
  expect(seen).toEqual([]);
});
