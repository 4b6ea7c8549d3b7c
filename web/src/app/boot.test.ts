import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_READS, framedScreen, takeEarlyRead } from './boot';

describe('framedScreen', () => {
  it('names /home and a chat, whose frame index.html carries', () => {
    expect(framedScreen('#/home')).toBe('home');
    expect(framedScreen('#/home?path=science')).toBe('home');
    expect(framedScreen('#/chat/42')).toBe('chat');
    expect(framedScreen('#/chat/humanities.philosophy?message=7')).toBe('chat');
  });

  it('names no other page', () => {
    for (const hash of ['', '#/', '#/homework', '#/home/x', '#/chat', '#/chats/1', '#/dms', '#/login'])
      expect(framedScreen(hash), hash).toBeNull();
  });

  it('is self-contained, as the boot script runs its source', () => {
    // What the boot script does: the function from its source alone.
    const copy = new Function(`return (${framedScreen.toString()})`)() as typeof framedScreen;
    expect(copy('#/chat/1')).toBe('chat');
    expect(copy('#/home')).toBe('home');
  });
});

describe('takeEarlyRead', () => {
  const reads = globalThis as unknown as Record<string, Record<string, Promise<Response>> | undefined>;
  afterEach(() => {
    delete reads[EARLY_READS];
  });

  it('gives each read once', () => {
    const read = Promise.resolve(new Response('{}'));
    reads[EARLY_READS] = { '/api/session/': read };
    expect(takeEarlyRead('/api/session/')).toBe(read);
    expect(takeEarlyRead('/api/session/')).toBeUndefined();
  });

  it('gives nothing when the boot script sent nothing', () => {
    expect(takeEarlyRead('/api/rooms/1/')).toBeUndefined();
  });
});
