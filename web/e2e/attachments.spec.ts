import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { ATTACHMENT_TEXTS } from '@studium/protocol';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { messageWith, openChat, roomByPath, secondUser } from './chat-helpers';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * The message holding `inside`, as a selector for the accessibility check: the check reads that
 * message, not the whole room (a room that other tests write in too grows, and so does the time
 * axe takes over it; the whole chat page has its own check in a11y.spec.ts).
 */
async function messageSelector(inside: Locator): Promise<string> {
  const id = await inside
    .locator('xpath=ancestor::article[@data-message-id]')
    .getAttribute('data-message-id');
  return `[data-message-id="${id}"]`;
}

test('a pasted image arrives live with its thumbnail for the other user, and opens in the viewer', async ({
  page,
  browser,
  user: _user,
}) => {
  const room = await roomByPath(page.request, 'humanities.philosophy');
  const other = await secondUser(browser);
  await openChat(page, room.id);
  await openChat(other.page, room.id);

  const name = `paste${Date.now()}`;
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.focus();
  // What a browser hands the page when a screenshot is pasted: a ClipboardEvent holding a PNG file.
  await box.evaluate(async (el, fileName) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 400;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#2a6fdb';
    g.fillRect(0, 0, 640, 400);
    g.fillStyle = '#ffd400';
    g.fillRect(100, 100, 200, 120);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], `${fileName}.png`, { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, name);

  // The upload shows in the composer, then Send takes it alone (no text needed).
  const pending = page.getByRole('list', { name: 'Attachments' });
  await expect(pending.getByText(`${name}.png`)).toBeVisible();
  const sendButton = page.getByRole('button', { name: 'Send' });
  await expect(sendButton).toBeEnabled();
  await sendButton.click();
  await expect(pending).toHaveCount(0);

  // The name is the one uploaded, and the stored image is the type its extension says.
  const thumb = other.page.getByRole('img', { name: `${name}.png` });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(page.getByRole('img', { name: `${name}.png` })).toBeVisible();

  await expectNoSeriousA11yViolations(other.page, await messageSelector(thumb));
  await other.page.getByRole('button', { name: ATTACHMENT_TEXTS.openImage(`${name}.png`) }).click();
  const viewer = other.page.getByRole('dialog', { name: `${name}.png` });
  const full = viewer.getByRole('img', { name: `${name}.png` });
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  const src = await full.getAttribute('src');
  const served = await other.page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['content-disposition']).toContain(`filename="${name}.png"`);
  await other.page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  expect(other.errors).toEqual([]);
  await other.context.close();
});

test('a PDF chosen with the paperclip shows as a file chip with its size and a download link', async ({
  page,
  browser,
  user: _user,
}) => {
  const room = await roomByPath(page.request, 'humanities.philosophy');
  const other = await secondUser(browser);
  await openChat(page, room.id);
  await openChat(other.page, room.id);

  await expect(page.getByRole('button', { name: ATTACHMENT_TEXTS.attach })).toBeVisible();
  // The composer states the server's limits and the quota used.
  await expect(page.getByTestId('attachment-hint')).toContainText('up to 10 MB each · 0 of 200 MB used');
  await page
    .getByTestId('attach-input')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('list', { name: 'Attachments' }).getByText('notes.pdf')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[data-testid="composer"]');
  const text = `My notes ${Date.now()}`;
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await box.press('Enter');

  const chip = messageWith(other.page, text).getByTestId('file-chip');
  await expect(chip).toContainText('notes.pdf');
  await expect(chip).toContainText(`${PDF.length} B`);
  await expectNoSeriousA11yViolations(other.page, await messageSelector(chip));
  const href = await chip.getAttribute('href');
  expect(href).toMatch(/^\/api\/attachments\/[A-Za-z0-9_-]{22}\/$/);
  const res = await other.page.request.get(href!);
  expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="notes.pdf"/);
  expect(other.errors).toEqual([]);
  await other.context.close();
});

test('a page renamed .png and a file over the limit are refused with clear errors', async ({
  page,
  user: _user,
  allowConsoleError,
}) => {
  allowConsoleError(/attachments/);
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await openChat(page, room.id);
  await page.getByTestId('attach-input').setInputFiles({
    name: 'cat.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
  });
  await expect(page.getByText(ATTACHMENT_TEXTS.unsupportedType)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);

  // Over the stated size: refused at once, without sending the bytes.
  await expect(page.getByTestId('attachment-hint')).toContainText('up to 10 MB each');
  let uploads = 0;
  page.on('request', (req) => {
    if (req.url().includes('/attachments/') && req.method() === 'POST') uploads += 1;
  });
  await page.getByTestId('attach-input').setInputFiles({
    name: 'huge.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
  });
  await expect(page.getByText(ATTACHMENT_TEXTS.tooLarge(10))).toBeVisible();
  expect(uploads).toBe(0);
});

test('files dropped on the composer upload with visible progress, and Send waits for them', async ({
  page,
  user: _user,
}) => {
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await openChat(page, room.id);
  // A slow uplink, so the progress of a 400 KB upload can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 200 * 1024,
  });
  await page.getByTestId('composer').evaluate((target) => {
    const data = new DataTransfer();
    data.items.add(new File(['x'.repeat(400 * 1024)], 'big-notes.txt', { type: 'text/plain' }));
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  const pending = page.getByRole('list', { name: 'Attachments' });
  await expect(pending.getByText('big-notes.txt')).toBeVisible();
  await expect(pending.getByText(/Uploading… \d+%/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(pending.getByText(/Uploading…/)).toHaveCount(0, { timeout: 15_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messageWith(page, 'big-notes.txt').getByTestId('file-chip')).toContainText('400 KB');
});

test('a file chip beside an image keeps its own height', async ({ page, user: _user }) => {
  const room = await roomByPath(page.request, 'humanities.philosophy');
  await openChat(page, room.id);
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2a6fdb' } })
    .png()
    .toBuffer();
  await page.getByTestId('attach-input').setInputFiles([
    { name: 'board.png', mimeType: 'image/png', buffer: png },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const pending = page.getByRole('list', { name: 'Attachments' });
  await expect(pending.getByText('notes.pdf')).toBeVisible();
  await expect(pending.getByText(/Uploading…/)).toHaveCount(0);
  const text = `Board and notes ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();

  const message = messageWith(page, text);
  const image = message.getByTestId('message-attachments').locator('button:has(img)');
  const chip = message.getByTestId('file-chip');
  await expect(chip).toBeVisible();
  const imageBox = (await image.boundingBox())!;
  const chipBox = (await chip.boundingBox())!;
  expect(imageBox.height).toBeGreaterThan(150);
  // The chip is as tall as its one line of name and size, not stretched to the image's height.
  expect(chipBox.height).toBeLessThan(60);
  await expectNoSeriousA11yViolations(page);
});
